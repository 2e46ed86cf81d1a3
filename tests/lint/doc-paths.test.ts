// Backticked paths in the docs name files that exist (scripts/lint/doc-paths.ts, run by `npm run lint`).
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../server/src/app";
import { backtickedPaths, stalePaths } from "../../scripts/lint/doc-paths";

const paths = (text: string, page = "docs/x.md") => backtickedPaths(REPO_ROOT, page, text).map((p) => p.path);

describe("backticked paths in the docs", () => {
  it("name files that exist, everywhere in the repository", () => {
    expect(stalePaths(REPO_ROOT)).toEqual([]);
  });

  it("are told from other code spans", () => {
    const text = [
      "`server/src/app.ts:12-20` and `tests/api/gone.test.ts`, `identity/`, `docs/nope.md`",
      "not `application/json`, `drizzle-orm/libsql`, `/api/persons`, `@supabase/supabase-js`, `npm test`",
      "```",
      "`tests/in/a/code/block.ts`",
      "```",
    ].join("\n");
    expect(paths(text)).toEqual(["server/src/app.ts", "tests/api/gone.test.ts", "identity/", "docs/nope.md"]);
  });

  it("resolve from the page's folder and its src/", () => {
    expect(paths("`lib/env.ts` and `app/`", "web/README.md")).toEqual(["lib/env.ts", "app/"]);
  });
});
