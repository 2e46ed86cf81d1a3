import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const contract = fileURLToPath(new URL("./server/src/contract", import.meta.url));
const webSrc = fileURLToPath(new URL("./web/src", import.meta.url));

/** What runs with the app on PostgreSQL: the adapter and Postgres suites, and the API suites that also run on SQLite. */
const POSTGRES_SUITES = [
  "db/engine.test.ts",
  "tests/postgres/**/*.test.ts",
  "tests/api/route-matrix.test.ts",
  "tests/api/admin-ria.test.ts",
  "tests/api/auth.test.ts",
  "tests/api/notifications-enums.test.ts",
  "tests/api/persons.test.ts",
  "tests/api/platform.test.ts",
  "tests/api/strategies-organizations.test.ts",
  "tests/api/submission-audit.test.ts",
  "tests/api/validation-gaps.test.ts",
  "tests/api/trust-boundary.test.ts",
  "tests/api/metrics.test.ts",
  "tests/api/logging.test.ts",
  "tests/reliability/pii-and-headers.test.ts",
  "tests/reliability/auth-hostile.test.ts",
  "tests/reliability/token-lifetime.test.ts",
  "tests/reliability/authorization-matrix.test.ts",
  "tests/reliability/fuzz.test.ts",
  "tests/reliability/concurrency.test.ts",
  "tests/reliability/crash-app.test.ts",
  "tests/identity/owner-mail-race.test.ts",
];

/**
 * The order test files start in (vitest `sequence.sequencer`), the same on a clean clone as on a
 * machine with vitest's results cache: longest expected first. All five projects share one pool of
 * workers, so the run ends when its last file does; a long file started late (vitest's default
 * order without a cache is by project name, then file size, which started the axe suite 144 s into
 * the run and ended it last) makes the wall long while the other workers idle. Longest first packs
 * the pool: the short files fill the gaps at the end.
 *
 * EXPECTED_SECONDS: what a file takes in a full run on 2 cores (measured; only the order depends on
 * them, so a stale figure costs wall time, never a result). Files not listed are short: after these,
 * larger files first. Keyed by path from the repository root; a file in several projects (the API
 * suites on SQLite, PostgreSQL and PgBouncer) has the same figure in each.
 */
const EXPECTED_SECONDS: Readonly<Record<string, number>> = {
  "tests/e2e/edit-screens.test.ts": 89,
  "tests/e2e/create-foundation-journey-narrow.test.ts": 83,
  "tests/e2e/sign-in.test.ts": 78,
  "tests/e2e/create-foundation-journey-wide.test.ts": 73,
  "tests/e2e/accessibility-3.test.ts": 68,
  "tests/e2e/accessibility-2.test.ts": 66,
  "tests/e2e/accessibility-1.test.ts": 52,
  "tests/production/rolling-deploy.test.ts": 45,
  "tests/e2e/create-foundation-resume.test.ts": 46,
  "tests/e2e/edit-others.test.ts": 38,
  "tests/e2e/keyboard.test.ts": 30,
  "supabase/emulator/pack.test.ts": 26,
  "tests/production/production-shaped.test.ts": 23,
  "tests/e2e/notifications.test.ts": 21,
  "tests/e2e/sign-up.test.ts": 21,
  "tests/e2e/ria.test.ts": 19,
  "tests/reliability/graceful-shutdown.test.ts": 17,
  "tests/reliability/fuzz.test.ts": 17,
  "tests/reliability/authorization-matrix.test.ts": 15,
  "tests/reliability/crash-app.test.ts": 15,
  "tests/api/route-matrix.test.ts": 15,
  "tests/api/production-start.test.ts": 14,
  "tests/postgres/db-migrate.test.ts": 14,
  "tests/api/trust-boundary.test.ts": 13,
  "tests/e2e/admin.test.ts": 12,
  "tests/e2e/identity-widget.test.ts": 11,
  "tests/reliability/crash-auth.test.ts": 9,
  "web/src/features/auth/components/sign-in-screen.test.tsx": 8,
  "tests/reliability/concurrency.test.ts": 7,
};

class LongestFirstSequencer extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const keyed = files.map((spec) => {
      const file = path.relative(root, spec.moduleId).split(path.sep).join("/");
      return { spec, file, seconds: EXPECTED_SECONDS[file] ?? 0, size: fs.statSync(spec.moduleId).size };
    });
    keyed.sort((a, b) => b.seconds - a.seconds || b.size - a.size || a.file.localeCompare(b.file) || a.spec.project.name.localeCompare(b.spec.project.name));
    return Promise.resolve(keyed.map((k) => k.spec));
  }
}

// Five projects: node-side unit and integration suites (the app on SQLite), the same API suites
// again with the app on PostgreSQL (one server for the run, a database per test file) and once
// through PgBouncer, web component tests in jsdom, and browser end-to-end suites (headless
// Chromium) that boot the whole stack.
//
// Every test file has its own data (its own stack on free ports, its own data dir or database copied
// from a migrated template, its own browser), so files of all five projects run side by side in
// one pool. Much of a file's time is waiting (listeners, the delays of requirements §9, the browser): on 2
// cores vitest's default (cores - 1 = one file at a time) left the machine half idle. Five: with
// four, the machine idled to 40-50 % while four browser files sat in those delays together
// (the creation journeys); five kept it ~98 % busy, 290 -> 270 s. More only adds contention, and
// contention is what makes browser waits flaky.
const WORKERS = 5;

/**
 * A worker runs file after file in one module registry (vitest `isolate: false`) instead of a fresh
 * process per file: importing the stack (fastify, drizzle, supabase-js, playwright) again for each
 * of ~150 files cost ~75 s of CPU in a CPU-bound run (docs/decisions/0011). Files still share
 * nothing else: each starts its own stack, database and browser, and leaves no global state behind
 * (fake timers restored, no process.env writes, no module-level mocks of shared modules).
 */
const ISOLATE = false;

/** FF_TEST_SHUFFLE=<seed>: run files in a random order (see `sequence` below). */
const SHUFFLE_SEED = process.env.FF_TEST_SHUFFLE ? Number(process.env.FF_TEST_SHUFFLE) : undefined;

/**
 * The auth emulator package from its TypeScript source (tsconfig.json `paths`), not from the
 * compiled dist/ its exports name for the published package (docs/decisions/0065).
 */
const SOURCE_PACKAGES = { tsconfigPaths: true };

export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    // Longest expected file first, on a clean clone too (LongestFirstSequencer above).
    // FF_TEST_SHUFFLE=<seed>: files in a random order instead (with --maxWorkers=1, every file after
    // a different set of others in one worker: the check that no file leans on what ran before it).
    sequence: SHUFFLE_SEED === undefined ? { sequencer: LongestFirstSequencer } : { shuffle: { files: true, tests: false }, seed: SHUFFLE_SEED },
    projects: [
      {
        resolve: SOURCE_PACKAGES,
        test: {
          name: "node",
          environment: "node",
          isolate: ISOLATE,
          include: ["server/**/*.test.ts", "db/**/*.test.ts", "supabase/**/*.test.ts", "scripts/**/*.test.ts", "tests/api/**/*.test.ts", "tests/auth/**/*.test.ts", "tests/identity/**/*.test.ts", "tests/reliability/**/*.test.ts", "tests/lint/**/*.test.ts"],
          // db/engine.test.ts and tests/postgres run in the node-postgres project, beside the run's server.
          exclude: ["db/engine.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: SOURCE_PACKAGES,
        test: {
          // The API suites that prove correctness, again on PostgreSQL (docs/testing.md): same files, the
          // engine chosen by FF_TEST_ENGINE (tests/support/test-database.ts). Files that read the
          // SQLite file itself stay SQLite-only.
          name: "node-postgres",
          environment: "node",
          isolate: ISOLATE,
          include: POSTGRES_SUITES,
          env: { FF_TEST_ENGINE: "postgres" },
          globalSetup: ["tests/support/global-setup-postgres.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: SOURCE_PACKAGES,
        test: {
          // The route matrix and the trust boundary once more, the app reaching Postgres through
          // Debian's PgBouncer in pool_mode=transaction (as Supabase's pooler on 6543): no session
          // state, no named statements.
          name: "node-pgbouncer",
          environment: "node",
          isolate: ISOLATE,
          include: ["tests/api/route-matrix.test.ts", "tests/api/trust-boundary.test.ts"],
          env: { FF_TEST_ENGINE: "postgres", FF_TEST_POSTGRES_POOLER: "pgbouncer" },
          globalSetup: ["tests/support/global-setup-postgres.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        resolve: { alias: { "@contract": contract, "@": webSrc } },
        test: {
          name: "web",
          environment: "jsdom",
          isolate: ISOLATE,
          include: ["web/src/**/*.test.{ts,tsx}"],
          setupFiles: ["web/src/test-setup.ts"],
        },
      },
      {
        resolve: SOURCE_PACKAGES,
        test: {
          name: "e2e",
          environment: "node",
          isolate: ISOLATE,
          // tests/production: the production-shaped runs (a deployment on this machine, in a browser;
          // a rolling deploy under load behind a balancer).
          include: ["tests/e2e/**/*.test.ts", "tests/production/**/*.test.ts"],
          // Builds web/dist once, before any browser file starts (files run in parallel).
          globalSetup: ["tests/support/global-setup-e2e.ts"],
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
