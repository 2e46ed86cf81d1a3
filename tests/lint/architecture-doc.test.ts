// docs/architecture.md's walls table is the one account of the walls lint enforces: every wall that
// eslint.config.js names (the message a crossing fails with) has its row there, word for word, so
// a wall added to the config without its row fails here.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../server/src/app";

const config = fs.readFileSync(path.join(REPO_ROOT, "eslint.config.js"), "utf8");
const architecture = fs.readFileSync(path.join(REPO_ROOT, "docs/architecture.md"), "utf8");

/** The walls' names: the first argument of each `wall(…)` and the web zones' two names. */
function wallNames(source: string): string[] {
  const calls = [...source.matchAll(/\bwall\(\s*(["'])(.+?)\1/g)].map((m) => m[2]!);
  const zones = [...source.matchAll(/\b(?:featureWall|sharedWall)\s*=\s*(["'])(.+?)\1/g)].map((m) => m[2]!);
  return [...calls, ...zones];
}

/** The last cell of each row of the "## Walls" table. */
function documentedWalls(markdown: string): string[] {
  const section = markdown.split(/^## Walls$/m)[1]?.split(/^## /m)[0] ?? "";
  return section
    .split("\n")
    .filter((line) => line.startsWith("| `") || line.startsWith("| the "))
    .map((line) => line.split("|").slice(1, -1).at(-1)!.trim());
}

describe("docs/architecture.md's walls table", () => {
  it("finds the walls in eslint.config.js", () => {
    expect(wallNames(config).length).toBeGreaterThanOrEqual(8);
  });

  it("has a row for every wall lint enforces, named as lint names it", () => {
    const rows = documentedWalls(architecture);
    for (const name of wallNames(config)) expect(rows, `no row for the wall "${name}"`).toContain(name);
  });
});
