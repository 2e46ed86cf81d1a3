// The RIA screen's tax form: a one-page PDF, deliberately without the SSN (it is shared by hand).
// pdf-lib loads on the first download: the largest module, for one rarely used route.
import type { PDFFont } from "pdf-lib";
import { printable } from "../contract/text";

export interface TaxFormData {
  accountId: number;
  holderName: string | null;
  holderAddress: string[];
  foundationName: string | null;
  rows: Array<[label: string, value: string | null]>;
  generatedAt: string;
}

/** How a character the font cannot draw is printed: its code point, never a "?" that hides what the record holds. */
const codePoint = (c: string) => `[U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}]`;

const PAGE = { width: 612, height: 792, margin: 56, top: 740 } as const;

/** `text` in lines no wider than `width`: broken at spaces, and a word wider than a line broken where it must. */
/** @internal */ export function wrapText(text: string, width: number, measure: (s: string) => number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(" ").filter(Boolean)) {
    const joined = current ? `${current} ${word}` : word;
    if (measure(joined) <= width) {
      current = joined;
      continue;
    }
    if (current) lines.push(current);
    current = "";
    for (const c of Array.from(word)) {
      if (current && measure(current + c) > width) {
        lines.push(current);
        current = "";
      }
      current += c;
    }
  }
  if (current || !lines.length) lines.push(current);
  return lines;
}

export async function renderTaxForm(data: TaxFormData): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await import("pdf-lib");
  const doc = await PDFDocument.create();
  doc.setTitle("Tax information form");
  doc.setAuthor("Founder Foundation");
  doc.setSubject(`Account ${data.accountId}`);
  const when = new Date(`${data.generatedAt}Z`);
  doc.setCreationDate(when);
  doc.setModificationDate(when);
  let page = doc.addPage([PAGE.width, PAGE.height]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  // Helvetica is WinAnsi-encoded: a letter of another script is printed as its code point, and the
  // form says so. Stored values print as today's rules take them: no markup or emoji (text.ts printable).
  const drawable = new Set(regular.getCharacterSet());
  let substituted = false;
  const winAnsiSafe = (text: string) =>
    Array.from(text, (c) => {
      if (drawable.has(c.codePointAt(0)!)) return c;
      substituted = true;
      return codePoint(c);
    }).join("");
  const stored = (value: string | null) => (value === null ? null : printable(value) || null);
  let y = PAGE.top;
  /** Draws `text` from x to the right margin, wrapped, on a new page when this one is full. */
  const draw = (text: string, x: number, font: PDFFont, size: number) => {
    const lines = wrapText(winAnsiSafe(text), PAGE.width - PAGE.margin - x, (s) => font.widthOfTextAtSize(s, size));
    lines.forEach((l, i) => {
      if (i > 0) y -= size + 4;
      if (y < PAGE.margin) {
        page = doc.addPage([PAGE.width, PAGE.height]);
        y = PAGE.top;
      }
      page.drawText(l, { x, y, size, font, color: rgb(0.1, 0.1, 0.15) });
    });
  };
  const line = (text: string, opts: { font?: PDFFont; size?: number; x?: number; gap?: number } = {}) => {
    draw(text, opts.x ?? PAGE.margin, opts.font ?? regular, opts.size ?? 11);
    y -= opts.gap ?? 18;
  };

  line("Founder Foundation", { font: bold, size: 18, gap: 24 });
  line("Tax information form", { font: bold, size: 14, gap: 28 });
  line(`Account ID: ${data.accountId}`);
  line(`Primary account holder: ${stored(data.holderName) ?? "not provided"}`);
  for (const a of data.holderAddress) line(stored(a) ?? "", { x: 200 });
  line(`Foundation: ${stored(data.foundationName) ?? "not created yet"}`, { gap: 28 });
  line("Risk advisor answers", { font: bold, size: 12, gap: 20 });
  for (const [label, value] of data.rows) {
    const top = y;
    draw(`${label}:`, PAGE.margin, bold, 11);
    const labelBottom = y;
    y = top;
    draw(value ?? "not answered", 260, regular, 11);
    y = Math.min(y, labelBottom) - 18;
  }
  y -= 20;
  line("Please review these details with your tax advisor and acknowledge receipt in the app.", { size: 10 });
  line("Taxpayer identification numbers are not printed on this form.", { size: 10 });
  if (substituted)
    line("Characters this form's font cannot print are shown as their Unicode code points, e.g. [U+0416].", {
      size: 10,
    });
  line(`Generated ${data.generatedAt.slice(0, 19).replace("T", " ")} UTC`, { size: 9 });
  return doc.save({ useObjectStreams: false });
}
