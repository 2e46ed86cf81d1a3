// The PDF reader the browser and API tests read tax forms with: a compressed stream whose last byte
// is 0x0D (one in 256) is read whole, not cut at what looks like a line end before "endstream".
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { pdfText } from "./pdf";

/** A one-stream PDF body printing `text`, as pdf-lib lays one out. */
function pdfWith(text: string): { pdf: Buffer; lastByte: number } {
  const hex = Buffer.from(text, "latin1").toString("hex").toUpperCase();
  const data = zlib.deflateSync(`BT\n/Helvetica-1 12 Tf\n1 0 0 1 50 700 Tm\n<${hex}> Tj\nET`);
  const head = Buffer.from(
    `%PDF-1.7\n5 0 obj\n<<\n/Filter /FlateDecode\n/Length ${data.length}\n>>\nstream\n`,
    "latin1",
  );
  return {
    pdf: Buffer.concat([head, data, Buffer.from("\nendstream\nendobj\n%%EOF", "latin1")]),
    lastByte: data.at(-1)!,
  };
}

describe("pdfText", () => {
  it("reads a compressed stream whose data ends in a carriage-return byte", () => {
    const found = Array.from({ length: 4096 }, (_, i) => pdfWith(`Account ID: ${i}`)).find((p) => p.lastByte === 0x0d);
    expect(found).toBeDefined();
    expect(pdfText(found!.pdf)).toMatch(/^Account ID: \d+$/);
  });

  it("reads a stream that ends otherwise", () => {
    expect(pdfText(pdfWith("Risk score: 2").pdf)).toBe("Risk score: 2");
  });
});
