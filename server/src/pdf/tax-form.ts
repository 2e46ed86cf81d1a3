// The RIA screen's tax form: a one-page PDF, deliberately without the SSN (it is shared by hand).
// pdf-lib loads on the first download: the largest module, for one rarely used route.

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

export async function renderTaxForm(data: TaxFormData): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await import("pdf-lib");
  const doc = await PDFDocument.create();
  doc.setTitle("Tax information form");
  doc.setAuthor("Founder Foundation");
  doc.setSubject(`Account ${data.accountId}`);
  const when = new Date(`${data.generatedAt}Z`);
  doc.setCreationDate(when);
  doc.setModificationDate(when);
  const page = doc.addPage([612, 792]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  // Helvetica is WinAnsi-encoded: a name stored before the legal-name rule (an emoji, another
  // script) is printed as code points, and the form says so.
  const drawable = new Set(regular.getCharacterSet());
  let substituted = false;
  const winAnsiSafe = (text: string) =>
    Array.from(text, (c) => {
      if (drawable.has(c.codePointAt(0)!)) return c;
      substituted = true;
      return codePoint(c);
    }).join("");
  let y = 740;
  const line = (text: string, opts: { font?: typeof regular; size?: number; x?: number; gap?: number } = {}) => {
    page.drawText(winAnsiSafe(text), {
      x: opts.x ?? 56,
      y,
      size: opts.size ?? 11,
      font: opts.font ?? regular,
      color: rgb(0.1, 0.1, 0.15),
    });
    y -= opts.gap ?? 18;
  };

  line("Founder Foundation", { font: bold, size: 18, gap: 24 });
  line("Tax information form", { font: bold, size: 14, gap: 28 });
  line(`Account ID: ${data.accountId}`);
  line(`Primary account holder: ${data.holderName ?? "not provided"}`);
  for (const a of data.holderAddress) line(a, { x: 200 });
  line(`Foundation: ${data.foundationName ?? "not created yet"}`, { gap: 28 });
  line("Risk advisor answers", { font: bold, size: 12, gap: 20 });
  for (const [label, value] of data.rows) {
    page.drawText(winAnsiSafe(`${label}:`), { x: 56, y, size: 11, font: bold });
    page.drawText(winAnsiSafe(value ?? "not answered"), { x: 260, y, size: 11, font: regular });
    y -= 18;
  }
  y -= 20;
  line("Please review these details with your tax advisor and acknowledge receipt in the app.", { size: 10 });
  line("Taxpayer identification numbers are not printed on this form.", { size: 10 });
  if (substituted)
    line("Characters this form's font cannot print are shown as their Unicode code points, e.g. [U+1F680].", {
      size: 10,
    });
  line(`Generated ${data.generatedAt.slice(0, 19).replace("T", " ")} UTC`, { size: 9 });
  return doc.save({ useObjectStreams: false });
}
