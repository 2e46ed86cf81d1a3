import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { calibrateMachine, describeCalibration, scaled } from "./tests/support/machine.ts";
import { LongestFirstSequencer } from "./tests/support/sequencer.ts";
import type { SystemNeed } from "./tests/support/system-deps.ts";

const contract = fileURLToPath(new URL("./server/src/contract", import.meta.url));
const webSrc = fileURLToPath(new URL("./web/src", import.meta.url));

/**
 * The run's machine factor, measured now, before anything else (tests/support/machine.ts): every
 * time limit below and in the suites is `scaled()`, so a slower or busier machine gets
 * proportionally longer limits and a run is never lost to a limit that only guarded a hang.
 */
const calibration = await calibrateMachine();
console.log(describeCalibration(calibration));

/**
 * Which suites run where is a file-name and folder convention (no lists to keep):
 *   - `tests/postgres/`: suites about PostgreSQL itself, with the app on PostgreSQL only;
 *   - `*.pg.test.ts`: on SQLite (node) and again with the app on PostgreSQL (node-postgres);
 *   - `*.pgbouncer.test.ts`: as `.pg`, and once more through PgBouncer (node-pgbouncer).
 * The engine is chosen by FF_TEST_ENGINE (tests/support/test-database.ts). Files that read the
 * SQLite file itself stay plain `.test.ts`.
 */
const NODE_SUITES = [
  "server",
  "db",
  "supabase",
  "scripts",
  "tests/api",
  "tests/auth",
  "tests/identity",
  "tests/reliability",
  "tests/lint",
  "tests/support",
];
const nodeSuites = (suffix: string) => NODE_SUITES.map((folder) => `${folder}/**/*${suffix}`);

/**
 * The web project's limits. Not vitest's 5 s default: a component test that types a few hundred
 * characters (forms.test.tsx's email dialog) takes 3-4 s on the reference machine in a full run,
 * and lost to 5 s x the factor when the machine got busier after the run had measured it.
 */
const WEB_LIMITS = { testTimeout: scaled(30_000), hookTimeout: scaled(30_000) };
/**
 * expect.poll's limit: a guard against a hang, not vitest's 1 s default, which is a pace (a poll
 * returns as soon as its assertion holds, so a longer limit costs a passing test nothing; see
 * tests/support/web-test-limits.ts for the failure a 1 s wait caused).
 */
const expectPoll = { poll: { timeout: scaled(10_000) } };

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

/** First in every project's global setups: the preflight, and the run's cost at its end (tests/support/global-setup-run.ts). */
const RUN_SETUP = "tests/support/global-setup-run.ts";
/** What a project's files need from the operating system, checked by the preflight before any file starts. */
const needs = (...systemNeeds: SystemNeed[]) => ({ systemNeeds });

/** The limits of the node-side projects: a file boots stacks, children and servers. */
const NODE_LIMITS = { testTimeout: scaled(30_000), hookTimeout: scaled(60_000) };

/**
 * The auth emulator package from its TypeScript source (tsconfig.json `paths`), not from the
 * compiled dist/ its exports name for the published package (docs/decisions/0065).
 */
const SOURCE_PACKAGES = { tsconfigPaths: true };

export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    // Every run leaves its results in .test-results.json: CI's closing line reads it (scripts/ci-summary.mjs).
    reporters: ["default", ["json", { outputFile: ".test-results.json" }]],
    // Longest expected file first, on a clean clone too (tests/support/sequencer.ts).
    // FF_TEST_SHUFFLE=<seed>: files in a random order instead (with --maxWorkers=1, every file after
    // a different set of others in one worker: the check that no file leans on what ran before it).
    sequence:
      SHUFFLE_SEED === undefined
        ? { sequencer: LongestFirstSequencer }
        : { shuffle: { files: true, tests: false }, seed: SHUFFLE_SEED },
    // A project's global setup teardown (stopping the run's PostgreSQL) on this machine.
    teardownTimeout: scaled(10_000),
    projects: [
      {
        resolve: SOURCE_PACKAGES,
        test: {
          name: "node",
          environment: "node",
          isolate: ISOLATE,
          include: nodeSuites(".test.ts"),
          globalSetup: [RUN_SETUP],
          // db/*.test.ts start PostgreSQL servers of their own; tests/auth/browser.test.ts a Chromium.
          provide: needs("postgres", "chromium"),
          expect: expectPoll,
          ...NODE_LIMITS,
        },
      },
      {
        resolve: SOURCE_PACKAGES,
        test: {
          // The API suites that prove correctness, again on PostgreSQL (`*.pg.test.ts`), and the
          // suites about PostgreSQL itself (`tests/postgres/`): one server for the run.
          name: "node-postgres",
          environment: "node",
          isolate: ISOLATE,
          include: ["tests/postgres/**/*.test.ts", ...nodeSuites(".pg.test.ts"), ...nodeSuites(".pgbouncer.test.ts")],
          env: { FF_TEST_ENGINE: "postgres" },
          globalSetup: [RUN_SETUP, "tests/support/global-setup-postgres.ts"],
          provide: needs("postgres", "pgbouncer"),
          expect: expectPoll,
          ...NODE_LIMITS,
        },
      },
      {
        resolve: SOURCE_PACKAGES,
        test: {
          // `*.pgbouncer.test.ts` (the route matrix, the trust boundary) once more, the app reaching
          // Postgres through Debian's PgBouncer in pool_mode=transaction (as Supabase's pooler on
          // 6543): no session state, no named statements.
          name: "node-pgbouncer",
          environment: "node",
          isolate: ISOLATE,
          include: nodeSuites(".pgbouncer.test.ts"),
          env: { FF_TEST_ENGINE: "postgres", FF_TEST_POSTGRES_POOLER: "pgbouncer" },
          globalSetup: [RUN_SETUP, "tests/support/global-setup-postgres.ts"],
          provide: needs("postgres", "pgbouncer"),
          expect: expectPoll,
          ...NODE_LIMITS,
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
          globalSetup: [RUN_SETUP],
          provide: needs(),
          // testing-library's waits (findBy*, waitFor) scaled too.
          setupFiles: ["web/src/test-setup.ts", "tests/support/web-test-limits.ts"],
          expect: expectPoll,
          ...WEB_LIMITS,
        },
      },
      {
        resolve: SOURCE_PACKAGES,
        test: {
          name: "e2e",
          environment: "node",
          isolate: ISOLATE,
          // tests/production: the production-shaped run (a deployment on this machine, in a browser).
          include: ["tests/e2e/**/*.test.ts", "tests/production/**/*.test.ts"],
          // Builds web/dist once, before any browser file starts (files run in parallel).
          globalSetup: [RUN_SETUP, "tests/support/global-setup-e2e.ts"],
          // The production-shaped run puts its deployment on PostgreSQL behind PgBouncer.
          provide: needs("chromium", "postgres", "pgbouncer"),
          expect: expectPoll,
          testTimeout: scaled(180_000),
          hookTimeout: scaled(180_000),
        },
      },
    ],
  },
});
