// The lint's counts of lines: comments as a reader sees them, product code without its tests, and the
// machinery's limits.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  checkLineCounts,
  countLines,
  isTestCode,
  lineCount,
  MACHINERY,
  MAX_COMMENT_SHARE,
} from "../../scripts/lint/line-counts";

describe("countLines", () => {
  it("counts line, block and JSDoc comments, not blank lines", () => {
    const text = ["// why", "", "/**", " * more why", " */", "export const a = 1;", "/* x */", ""].join("\n");
    expect(countLines("a.ts", text)).toEqual({ comment: 5, nonBlank: 6 });
  });

  it("counts a line with code and a trailing comment as code", () => {
    expect(countLines("a.ts", "const a = 1; // why\n")).toEqual({ comment: 0, nonBlank: 1 });
  });

  it("reads a comment marker inside a string, template or regex as code", () => {
    const text = ['const glob = "tests/**/*.test.ts";', "const t = `", "// not a comment", "`;", "const r = /\\/\\*/;"];
    expect(countLines("a.ts", text.join("\n"))).toEqual({ comment: 0, nonBlank: 5 });
  });

  it("reads JSX and plain JavaScript", () => {
    const tsx = ["export const A = () => (", "  <div>", "    {/* why */}", "    text", "  </div>", ");"];
    expect(countLines("a.tsx", tsx.join("\n"))).toEqual({ comment: 0, nonBlank: 6 });
    expect(countLines("a.mjs", "#!/usr/bin/env node\n// why\nexport {};\n")).toEqual({ comment: 1, nonBlank: 3 });
  });

  it("has one threshold, 10 %", () => {
    expect(MAX_COMMENT_SHARE).toBe(0.1);
  });
});

describe("the product's code", () => {
  it.each([
    "web/src/features/ria/ria-screen.test.tsx",
    "server/src/authz.test.ts",
    "web/src/testing/render.tsx",
    "web/src/test-setup.ts",
    "supabase/emulator/test-support/contract-cases.ts",
    "server/src/contract/test-fixtures.ts",
  ])("leaves out %s", (file) => {
    expect(isTestCode(file)).toBe(true);
  });

  it.each(["web/src/features/ria/ria-screen.tsx", "supabase/emulator/bench/index.ts", "tests/support/app.ts"])(
    "counts %s",
    (file) => {
      expect(isTestCode(file)).toBe(false);
    },
  );
});

describe("machinery", () => {
  it("counts lines as wc -l does", () => {
    expect(lineCount("a\n\nb\n")).toBe(3);
    expect(lineCount("a\nb")).toBe(2);
  });

  it("has its limits", () => {
    expect(Object.fromEntries(MACHINERY.map((m) => [m.name, m.max]))).toEqual({
      "scripts/bench": 2500,
      "tests/support": 4500,
      "emulator bench + test-support": 1500,
    });
  });

  it.each([
    [4500, true],
    [4501, false],
  ])("fails only above a limit: tests/support at %i lines passes: %s", (lines, passes) => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "line-counts-"));
    try {
      execFileSync("git", ["init", "-q"], { cwd: root });
      fs.mkdirSync(path.join(root, "tests/support"), { recursive: true });
      fs.writeFileSync(path.join(root, "tests/support/big.ts"), "x;\n".repeat(lines));
      fs.writeFileSync(path.join(root, "tests/support/big.test.ts"), "x;\n".repeat(100));
      const printed: string[] = [];
      expect(checkLineCounts(root, (line) => printed.push(line))).toBe(passes);
      expect(printed.join("\n")).toMatch(
        new RegExp(`tests/support +${lines} +\\(limit 4500\\)${passes ? "$" : "  OVER"}`, "m"),
      );
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
