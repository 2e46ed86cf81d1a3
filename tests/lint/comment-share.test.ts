// The comment-share printer counts what a reader sees as comments, and only that.
import { describe, expect, it } from "vitest";
import { countLines, MAX_COMMENT_SHARE } from "../../scripts/lint/comment-share";

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
