// Every test file runs: vitest's own listing (`vitest list`, the project's config) puts each file in
// exactly one project, or in the projects its suffix asks for (`.pg`, `.pgbouncer`), never in none.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../server/src/app";

const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;

/** The projects a file belongs to by its name; undefined: exactly one, whichever. */
function projectsAskedFor(file: string): string[] | undefined {
  if (file.endsWith(".pgbouncer.test.ts")) return ["node", "node-pgbouncer", "node-postgres"];
  if (file.endsWith(".pg.test.ts")) return ["node", "node-postgres"];
  return undefined;
}

/** What is wrong with the projects each file landed in. */
function membershipProblems(files: string[], projectsOf: Map<string, string[]>): string[] {
  return files.flatMap((file) => {
    const got = [...(projectsOf.get(file) ?? [])].sort();
    const asked = projectsAskedFor(file);
    if (got.length === 0) return [`${file}: in no project`];
    if (asked ? got.join() !== asked.join() : got.length !== 1) return [`${file}: in ${got.join(", ")}`];
    return [];
  });
}

function vitestListing(): Map<string, string[]> {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "ff-list-")), "list.json");
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("VITEST")));
  execFileSync(process.execPath, ["node_modules/vitest/vitest.mjs", "list", "--filesOnly", `--json=${out}`], {
    cwd: REPO_ROOT,
    env,
    stdio: "ignore",
  });
  const projectsOf = new Map<string, string[]>();
  for (const { file, projectName } of JSON.parse(fs.readFileSync(out, "utf8")) as {
    file: string;
    projectName: string;
  }[]) {
    const rel = path.relative(REPO_ROOT, file).split(path.sep).join("/");
    projectsOf.set(rel, [...(projectsOf.get(rel) ?? []), projectName]);
  }
  fs.rmSync(path.dirname(out), { recursive: true, force: true });
  return projectsOf;
}

describe("vitest projects", () => {
  it("take every test file of the repository once, or in the projects its suffix asks for", () => {
    const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
      cwd: REPO_ROOT,
      encoding: "utf8",
    })
      .split("\0")
      .filter((f) => TEST_FILE.test(f) && fs.existsSync(path.join(REPO_ROOT, f)));
    expect(files.length).toBeGreaterThan(100);
    expect(membershipProblems(files, vitestListing())).toEqual([]);
  });

  it("report a file in no project, in two, or missing a rerun its suffix asks for", () => {
    const projectsOf = new Map([
      ["tests/new/a.test.ts", ["node"]],
      ["tests/twice.test.ts", ["node", "e2e"]],
      ["tests/api/b.pg.test.ts", ["node"]],
      ["tests/api/c.pgbouncer.test.ts", ["node-pgbouncer", "node", "node-postgres"]],
    ]);
    const files = [...projectsOf.keys(), "tests/nowhere.spec.tsx"];
    expect(membershipProblems(files, projectsOf)).toEqual([
      "tests/twice.test.ts: in e2e, node",
      "tests/api/b.pg.test.ts: in node",
      "tests/nowhere.spec.tsx: in no project",
    ]);
  });
});
