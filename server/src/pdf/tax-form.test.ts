// The tax form's text layout: lines within the page's margins (what the PDF draws: tests/api/admin-ria.pg.test.ts).
import { describe, expect, it } from "vitest";
import { renderTaxForm, wrapText } from "./tax-form";

const chars = (s: string) => s.length;

describe("wrapText", () => {
  it("breaks at spaces, keeping every word", () => {
    expect(wrapText("Ada Giving Foundation of Dover LLC", 12, chars)).toEqual([
      "Ada Giving",
      "Foundation",
      "of Dover LLC",
    ]);
  });

  it("breaks a word wider than a line where it must", () => {
    expect(wrapText("Foundation: Abcdefghijklmnop LLC", 8, chars)).toEqual([
      "Foundati",
      "on:",
      "Abcdefgh",
      "ijklmnop",
      "LLC",
    ]);
  });

  it("gives one empty line for empty text", () => expect(wrapText("", 10, chars)).toEqual([""]));
});

describe("renderTaxForm", () => {
  it("renders values stored before today's rules (emoji, other scripts, lone marks, a long legacy name) without throwing", async () => {
    const pdf = await renderTaxForm({
      accountId: 1,
      holderName: "\u{1F680} \u0416\u0443\u043A q\u0301 \uD800",
      holderAddress: ["<b>Apt 2</b>", "\u4E2D\u6587 ".repeat(200)],
      foundationName: "x".repeat(5000),
      rows: [["Primary goal", null]],
      generatedAt: "2026-12-01T10:00:00",
    });
    expect(Buffer.from(pdf.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
  });
});
