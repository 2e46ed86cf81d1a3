import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";

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
  "tests/api/logging.test.ts",
  "tests/reliability/pii-and-headers.test.ts",
  "tests/reliability/auth-hostile.test.ts",
  "tests/reliability/token-lifetime.test.ts",
  "tests/reliability/authorization-matrix.test.ts",
  "tests/reliability/fuzz.test.ts",
  "tests/reliability/concurrency.test.ts",
  "tests/reliability/crash-app.test.ts",
];

// Five projects: node-side unit and integration suites (the app on SQLite), the same API suites
// again with the app on PostgreSQL (one server for the run, a database per test file) and once
// through PgBouncer, web component tests in jsdom, and browser end-to-end suites (headless
// Chromium) that boot the whole stack.
//
// Every test file is isolated (its own stack on free ports, its own data dir or database copied
// from a migrated template, its own browser), so files of all five projects run side by side in
// one pool. Much of a file's time is waiting (listeners, the spec's delays, the browser): on 2
// cores vitest's default (cores - 1 = one file at a time) left the machine half idle. Four, not
// more: once the cores are busy more workers only add contention (6 measured no faster, with
// more CPU), and contention is what makes browser waits flaky.
const WORKERS = 4;

export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    projects: [
      {
        test: {
          name: "node",
          environment: "node",
          include: ["server/**/*.test.ts", "db/**/*.test.ts", "supabase/**/*.test.ts", "scripts/**/*.test.ts", "tests/api/**/*.test.ts", "tests/auth/**/*.test.ts", "tests/identity/**/*.test.ts", "tests/reliability/**/*.test.ts", "tests/lint/**/*.test.ts"],
          // db/engine.test.ts and tests/postgres run in the node-postgres project, beside the run's server.
          exclude: ["db/engine.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // The API suites that prove correctness, again on PostgreSQL (issue 15): same files, the
          // engine chosen by FF_TEST_ENGINE (tests/support/test-database.ts). Files that read the
          // SQLite file itself stay SQLite-only.
          name: "node-postgres",
          environment: "node",
          include: POSTGRES_SUITES,
          env: { FF_TEST_ENGINE: "postgres" },
          globalSetup: ["tests/support/global-setup-postgres.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // The route matrix once more, the app reaching Postgres through Debian's PgBouncer in
          // pool_mode=transaction (as Supabase's pooler on 6543): no session state, no named statements.
          name: "node-pgbouncer",
          environment: "node",
          include: ["tests/api/route-matrix.test.ts"],
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
          include: ["web/src/**/*.test.{ts,tsx}"],
          setupFiles: ["web/src/test-setup.ts"],
        },
      },
      {
        test: {
          name: "e2e",
          environment: "node",
          // tests/production: the production-shaped run (a deployment on this machine, in a browser).
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
