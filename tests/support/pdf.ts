// What a PDF drawn by pdf-lib says: the text runs of its content streams (Flate-compressed or not).
import zlib from "node:zlib";

/** Each text run (`/Font size Tf`, `1 0 0 1 x y Tm`, `<hex> Tj`): its font, size, x and text. */
export function pdfTextRuns(pdf: Buffer): Array<{ font: string; size: number; x: number; text: string }> {
  const streams = Array.from(pdf.toString("latin1").matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g), (m) => {
    const data = Buffer.from(m[1]!, "latin1");
    try {
      return zlib.inflateSync(data).toString("latin1");
    } catch {
      return m[1]!;
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
