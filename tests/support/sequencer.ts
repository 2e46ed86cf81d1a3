// The order test files start in (vitest `sequence.sequencer`): longest first, so the run's one pool
// of workers is not left waiting on a long file started late (docs/decisions/0022). How long a file
// takes is what it took in the last run that ran it (vitest's results cache); a file with no figure
// (new, failed last time, or a clean clone) starts before the known ones, larger files first.
import fs from "node:fs";
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

export class LongestFirstSequencer extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const keyed = files.map((spec) => {
      const file = path.relative(root, spec.moduleId);
      // vitest keys its cache "<project>:<path from the root>" and keeps the file's duration in ms.
      const lastRun = this.ctx.cache.getFileTestResults(`${spec.project.name}:${file}`);
      const seconds = lastRun && !lastRun.failed ? lastRun.duration / 1000 : Infinity;
      return { spec, file, seconds, size: fs.statSync(spec.moduleId).size };
    });
    keyed.sort(
      (a, b) =>
        (b.seconds === a.seconds ? 0 : b.seconds > a.seconds ? 1 : -1) ||
        b.size - a.size ||
        a.file.localeCompare(b.file) ||
        a.spec.project.name.localeCompare(b.spec.project.name),
    );
    return Promise.resolve(keyed.map((k) => k.spec));
  }
}
