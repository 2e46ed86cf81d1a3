// The order test files start in (vitest `sequence.sequencer`): longest expected first. All
// projects share one pool of workers, so the run ends when its last file does; a long file started
// late (vitest's default order is by project name, then file size, which started the axe suite
// 144 s into the run and ended it last) makes the wall long while the other workers idle. Longest
// first packs the pool: the short files fill the gaps at the end (docs/decisions/0022).
//
// How long a file takes: what it took in the last run that ran it (vitest's results cache, which
// every run updates for the files it ran), else the committed table below, so a clean clone packs
// well too. Only the order depends on these figures: a stale one costs wall time, never a result.
import fs from "node:fs";
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The fallback: what a file takes in a full run on the reference machine (2 cores), in seconds
 * (the last full run, machine factor 1.0).
 * Files not listed are short: after these, larger files first. Keyed by path from the repository
 * root; a file in several projects (the API suites on SQLite, PostgreSQL and PgBouncer) has the
 * same figure in each.
 */
const EXPECTED_SECONDS: Readonly<Record<string, number>> = {
  "tests/e2e/create-foundation-journey-narrow.test.ts": 81,
  "tests/e2e/create-foundation-journey-wide.test.ts": 81,
  "tests/e2e/edit-screens.test.ts": 59,
  "tests/e2e/sign-in.test.ts": 59,
  "tests/e2e/accessibility-1.test.ts": 49,
  "tests/e2e/accessibility-2.test.ts": 48,
  "tests/e2e/create-foundation-resume.test.ts": 45,
  "tests/e2e/accessibility-3.test.ts": 42,
  "tests/e2e/update-license.test.ts": 41,
  "tests/e2e/keyboard.test.ts": 39,
  "tests/e2e/page-load-requests.test.ts": 34,
  "tests/production/production-shaped.test.ts": 31,
  "tests/production/rolling-deploy.test.ts": 28,
  "tests/e2e/edit-others.test.ts": 27,
  "tests/e2e/notifications.test.ts": 24,
  "tests/e2e/sign-up.test.ts": 21,
  "supabase/emulator/pack.test.ts": 20,
  "tests/api/route-matrix.pgbouncer.test.ts": 20,
  "tests/e2e/ria.test.ts": 20,
  "tests/e2e/session-end.test.ts": 19,
  "tests/reliability/fuzz.pg.test.ts": 18,
  "tests/e2e/identity-widget.test.ts": 17,
  "tests/reliability/graceful-shutdown.test.ts": 17,
  "tests/postgres/db-migrate.test.ts": 16,
  "tests/api/trust-boundary.pgbouncer.test.ts": 13,
  "tests/e2e/admin.test.ts": 12,
  "tests/reliability/crash-app.pg.test.ts": 9,
  "tests/api/production-start.test.ts": 8,
  "tests/reliability/authorization-matrix.pg.test.ts": 8,
  "web/src/components/forms/forms.test.tsx": 8,
  "web/src/features/auth/components/sign-in-screen.test.tsx": 8,
  "tests/identity/record-rules.test.ts": 7,
};

export class LongestFirstSequencer extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const keyed = files.map((spec) => {
      const file = path.relative(root, spec.moduleId).split(path.sep).join("/");
      // vitest keys its cache "<project>:<path from the root>" and keeps the file's duration in ms.
      const lastRun = this.ctx.cache.getFileTestResults(`${spec.project.name}:${path.relative(root, spec.moduleId)}`);
      const seconds = lastRun && !lastRun.failed ? lastRun.duration / 1000 : (EXPECTED_SECONDS[file] ?? 0);
      return { spec, file, seconds, size: fs.statSync(spec.moduleId).size };
    });
    keyed.sort(
      (a, b) =>
        b.seconds - a.seconds ||
        b.size - a.size ||
        a.file.localeCompare(b.file) ||
        a.spec.project.name.localeCompare(b.spec.project.name),
    );
    return Promise.resolve(keyed.map((k) => k.spec));
  }
}
