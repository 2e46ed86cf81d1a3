// The packing order: files without a figure from the last run first (larger first), then the rest
// longest first by what they took in the last run (vitest's results cache).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { TestSpecification, Vitest } from "vitest/node";
import { LongestFirstSequencer } from "./sequencer";
import { ROOT } from "./web-build";

type LastRun = Record<string, { duration: number; failed: boolean }>;

/** The order the sequencer gives `files`, as "<project>:<path>". Only what sort() reads is given. */
async function order(lastRun: LastRun, files: Array<[project: string, file: string]>): Promise<string[]> {
  const ctx = {
    config: { root: ROOT },
    cache: { getFileTestResults: (key: string) => lastRun[key] },
  } as unknown as Vitest;
  const specs = files.map(
    ([project, file]) =>
      ({ moduleId: path.join(ROOT, file), project: { name: project } }) as unknown as TestSpecification,
  );
  const sorted = await new LongestFirstSequencer(ctx).sort(specs);
  return sorted.map((s) => `${s.project.name}:${path.relative(ROOT, s.moduleId)}`);
}

const sizeOf = (key: string) => fs.statSync(path.join(ROOT, key.slice(key.indexOf(":") + 1))).size;

const FILES: Array<[string, string]> = [
  ["node", "tests/lint/walls.test.ts"],
  ["e2e", "tests/e2e/admin.test.ts"],
  ["e2e", "tests/e2e/edit-screens.test.ts"],
];

describe("LongestFirstSequencer", () => {
  it("without a last run, starts larger files first", async () => {
    expect(await order({}, FILES)).toEqual(
      ["e2e:tests/e2e/edit-screens.test.ts", "node:tests/lint/walls.test.ts", "e2e:tests/e2e/admin.test.ts"].sort(
        (a, b) => sizeOf(b) - sizeOf(a),
      ),
    );
  });

  it("with a last run, follows what each file took then", async () => {
    const lastRun: LastRun = {
      "node:tests/lint/walls.test.ts": { duration: 95_000, failed: false },
      "e2e:tests/e2e/admin.test.ts": { duration: 120_000, failed: false },
      "e2e:tests/e2e/edit-screens.test.ts": { duration: 60_000, failed: false },
    };
    expect(await order(lastRun, FILES)).toEqual([
      "e2e:tests/e2e/admin.test.ts",
      "node:tests/lint/walls.test.ts",
      "e2e:tests/e2e/edit-screens.test.ts",
    ]);
  });

  it("starts a file without a usable figure (failed last time: it may have stopped early) before the known ones", async () => {
    const lastRun: LastRun = {
      "e2e:tests/e2e/edit-screens.test.ts": { duration: 1_000, failed: true },
      "e2e:tests/e2e/admin.test.ts": { duration: 30_000, failed: false },
      "node:tests/lint/walls.test.ts": { duration: 60_000, failed: false },
    };
    expect(await order(lastRun, FILES)).toEqual([
      "e2e:tests/e2e/edit-screens.test.ts",
      "node:tests/lint/walls.test.ts",
      "e2e:tests/e2e/admin.test.ts",
    ]);
  });
});
