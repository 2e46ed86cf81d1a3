// What a PDF drawn by pdf-lib says: the text runs of its content streams (Flate-compressed or not).
import zlib from "node:zlib";

/** Each text run (`/Font size Tf`, `1 0 0 1 x y Tm`, `<hex> Tj`): its font, size, x and text. */
export function pdfTextRuns(pdf: Buffer): Array<{ font: string; size: number; x: number; text: string }> {
  // A stream's bytes are as many as its dictionary's /Length says: matching up to "endstream" would
  // take a compressed stream's last byte for the line end when it happens to be 0x0D.
  const source = pdf.toString("latin1");
  const streams = Array.from(source.matchAll(/\/Length (\d+)[^]*?>>\s*stream\r?\n/g), (m) => {
    const start = m.index + m[0].length;
    const data = source.slice(start, start + Number(m[1]));
    try {
      return zlib.inflateSync(Buffer.from(data, "latin1")).toString("latin1");
    } catch {
      return data;
    }
  });
  const runs = streams
    .join("\n")
    .matchAll(/\/(\S+)-\d+ ([\d.]+) Tf[\s\S]*?1 0 0 1 ([\d.]+) [\d.]+ Tm\s*<([0-9A-F]*)> Tj/g);
  return Array.from(runs, (m) => ({
    font: m[1]!,
    size: Number(m[2]),
    x: Number(m[3]),
    text: Buffer.from(m[4]!, "hex").toString("latin1"),
  }));
}

export const pdfText = (pdf: Buffer): string =>
  pdfTextRuns(pdf)
    .map((r) => r.text)
    .join("\n");
