// The lint's counts of lines: comments as a reader sees them, product code without its tests.
import { describe, expect, it } from "vitest";
import { countLines, isTestCode, MAX_COMMENT_SHARE } from "../../scripts/lint/line-counts";

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
