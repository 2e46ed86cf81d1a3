import { configDefaults, defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { calibrateMachine, scaled } from "./tests/support/machine.ts";
import type { SystemNeed } from "./tests/support/system-deps.ts";

const contract = fileURLToPath(new URL("./server/src/contract", import.meta.url));
const webSrc = fileURLToPath(new URL("./web/src", import.meta.url));

// Every time limit here and in the suites is scaled() by a factor measured now (docs/decisions/0012).
console.log(await calibrateMachine());

// Which project runs a file is a path convention, no folder list (tests/lint/test-projects.test.ts):
//   web/src/: jsdom; tests/e2e/ and tests/production/: the browser; tests/postgres/: PostgreSQL only;
//   every other *.test.ts: node. `*.pg.test.ts` runs again on PostgreSQL, `*.pgbouncer.test.ts` also
//   through PgBouncer (the engine is FF_TEST_ENGINE, tests/support/test-database.ts).
const WEB_FILES = ["web/src/**/*.test.{ts,tsx}"];
const E2E_FILES = ["tests/e2e/**/*.test.ts", "tests/production/**/*.test.ts"];
const POSTGRES_ONLY_FILES = ["tests/postgres/**/*.test.ts"];
const NODE_EXCLUDE = [...configDefaults.exclude, "web/**", "tests/e2e/**", "tests/production/**", "tests/postgres/**"];

// A component test that types a few hundred characters takes seconds on a busy machine.
const WEB_LIMITS = { testTimeout: scaled(30_000), hookTimeout: scaled(30_000) };
// expect.poll's limit guards a hang; a poll returns as soon as its assertion holds.
const expectPoll = { poll: { timeout: scaled(10_000) } };

// Files of all five projects share one pool: each has its own stack, data and browser, and much of
// its time is waiting, so more workers than cores keep the machine busy (docs/testing.md).
const WORKERS = 5;

// A worker runs file after file in one module registry (docs/decisions/0011): files leave no global
// state behind (fake timers restored, no process.env writes, no module-level mocks of shared modules).
const ISOLATE = false;

/** FF_TEST_SHUFFLE=<seed>: run files in a random order (see `sequence` below). */
const SHUFFLE_SEED = process.env.FF_TEST_SHUFFLE ? Number(process.env.FF_TEST_SHUFFLE) : undefined;

/** First in every project's global setups: the preflight, and the run's cost at its end. */
const RUN_SETUP = "tests/support/global-setup-run.ts";
/** What a project's files need from the operating system, checked by the preflight before any file starts. */
const needs = (...systemNeeds: SystemNeed[]) => ({ systemNeeds });

const NODE_LIMITS = { testTimeout: scaled(30_000), hookTimeout: scaled(60_000) };

/** The auth emulator package from its TypeScript source, not its compiled dist/ (docs/decisions/0065). */
const SOURCE_PACKAGES = { tsconfigPaths: true };

export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    // CI's closing line reads the results (scripts/ci-summary.mjs).
    reporters: ["default", ["json", { outputFile: ".test-results.json" }]],
    // vitest's own order: projects by name (e2e, the longest files, first), each file longest first by
    // its last run (unknown files first, larger first). FF_TEST_SHUFFLE with --maxWorkers=1 checks that
    // no file leans on what ran before it.
    ...(SHUFFLE_SEED === undefined ? {} : { sequence: { shuffle: { files: true, tests: false }, seed: SHUFFLE_SEED } }),
    teardownTimeout: scaled(10_000),
    projects: [
      {
        resolve: SOURCE_PACKAGES,
        test: {
          name: "node",
          environment: "node",
          isolate: ISOLATE,
          include: ["**/*.test.ts"],
          exclude: NODE_EXCLUDE,
          globalSetup: [RUN_SETUP],
          provide: needs("postgres", "chromium"),
          expect: expectPoll,
          ...NODE_LIMITS,
        },
      },
      {
        resolve: SOURCE_PACKAGES,
        test: {
          name: "node-postgres",
          environment: "node",
          isolate: ISOLATE,
          include: [...POSTGRES_ONLY_FILES, "**/*.pg.test.ts", "**/*.pgbouncer.test.ts"],
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
          // Through Debian's PgBouncer in pool_mode=transaction, as Supabase's pooler.
          name: "node-pgbouncer",
          environment: "node",
          isolate: ISOLATE,
          include: ["**/*.pgbouncer.test.ts"],
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
          include: WEB_FILES,
          globalSetup: [RUN_SETUP],
          provide: needs(),
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
          include: E2E_FILES,
          // Builds web/dist once, before any browser file starts.
          globalSetup: [RUN_SETUP, "tests/support/global-setup-e2e.ts"],
          provide: needs("chromium", "firefox", "postgres", "pgbouncer"),
          expect: expectPoll,
          testTimeout: scaled(180_000),
          hookTimeout: scaled(180_000),
        },
      },
    ],
  },
});
