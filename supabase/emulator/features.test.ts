// Both READMEs tell one story of what the emulator implements: each carries the rendering of
// FEATURES between its markers, and nothing elsewhere in them calls a listed feature unimplemented.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FEATURES, FEATURES_END, FEATURES_START, renderFeatures } from "./features";

const READMES = [path.join(import.meta.dirname, "README.md"), path.join(import.meta.dirname, "..", "README.md")];

function block(text: string): string | undefined {
  const start = text.indexOf(FEATURES_START);
  const end = text.indexOf(FEATURES_END);
  if (start < 0 || end < start) return undefined;
  return text.slice(start + FEATURES_START.length, end).trim();
}

/** Paragraphs, with each table row on its own (a row says one thing, a table many). */
const statements = (text: string) =>
  text.split(/\n\s*\n/).flatMap((p) => (p.trimStart().startsWith("|") ? p.split("\n") : [p.replace(/\n/g, " ")]));

describe("the emulator's list of what it implements", () => {
  for (const file of READMES)
    it(`is what ${path.relative(path.join(import.meta.dirname, "../.."), file)} says`, () => {
      const text = fs.readFileSync(file, "utf8");
      expect(block(text), "the generated block (paste renderFeatures()'s output between the markers)").toBe(
        renderFeatures(),
      );
      // A stale sentence elsewhere ("Not implemented: phone/SMS, …") is the drift this guards against.
      for (const part of statements(text.replace(block(text) ?? "", "")).filter((p) => /not implemented/i.test(p)))
        for (const f of FEATURES.filter((x) => x.implemented))
          for (const name of [f.name, ...(f.aka ?? [])])
            expect(part.toLowerCase(), `"${name}" is implemented`).not.toContain(name.toLowerCase());
    });

  it("names each feature once", () => {
    expect(new Set(FEATURES.map((f) => f.name)).size).toBe(FEATURES.length);
  });

  it("renders implemented and missing features apart", () => {
    const text = renderFeatures([
      { name: "A", implemented: true, note: "n" },
      { name: "B", implemented: false },
    ]);
    expect(text).toBe(
      "Implemented:\n\n- A (n)\n\nNot implemented (the package README's endpoint table says how each answers):\n\n- B",
    );
  });
});
