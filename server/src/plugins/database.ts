// Opens the app database (db/open.ts) as app.db, the SSN cipher and the readiness check. Development
// and tests migrate at start; production never does (decision 0041): it starts only on its own
// schema, or a newer one that keeps everything this code uses (db/releases.ts).
import fp from "fastify-plugin";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config";
import { openAppDatabase } from "../../../db/open";
import { readinessOf, SchemaMismatchError, type SchemaStatus } from "../../../db/schema-version";
import { missingFrom, tablesOfSchema } from "../../../db/releases";
import type { OpenedDatabase } from "../../../db/open";
import { createSsnCipher, loadSsnKey } from "../pii/ssn";
import { gauge, histogram } from "../metrics";
import type { AppDb } from "../../../db/engine";

type Pool = Extract<AppDb["driver"], { kind: "postgres" }>["pool"];
/** The Postgres pools open in this process (one per app), read at each scrape. */
const pools = new Set<Pool>();
const sum = (read: (pool: Pool) => number) => [...pools].reduce((n, p) => n + read(p), 0);
gauge({
  name: "db_pool_connections",
  help: "PostgreSQL pool connections by state: in_use (lent to a request), idle (open, free)",
  labelNames: ["state"],
  collect() {
    this.set(
      { state: "in_use" },
      sum((p) => p.totalCount - p.idleCount),
    );
    this.set(
      { state: "idle" },
      sum((p) => p.idleCount),
    );
  },
});
gauge({
  name: "db_pool_waiting",
  help: "Requests waiting for a PostgreSQL pool connection (all connections in use): above 0 for long, the pool or the database is the bottleneck",
  collect() {
    this.set(sum((p) => p.waitingCount));
  },
});
gauge({
  name: "db_pool_max",
  help: "The PostgreSQL pool's size (DATABASE_POOL_SIZE)",
  collect() {
    this.set(sum((p) => p.options.max ?? 10));
  },
});
const groupCommits = histogram({
  name: "sqlite_group_commit_transactions",
  help: "SQLite: request transactions one COMMIT made durable (group commit, db/sqlite-connection.ts)",
  buckets: [1, 2, 4, 8, 16, 32],
});

/** The metrics of the open database: pool gauges (Postgres), group-commit sizes (SQLite). */
function observe(db: AppDb): () => void {
  const driver = db.driver;
  if (driver.kind === "sqlite") {
    driver.onGroupCommit((n) => groupCommits.observe(n));
    return () => undefined;
  }
  pools.add(driver.pool);
  return () => void pools.delete(driver.pool);
}

/** What this code's schema uses: read once. */
const USED = tablesOfSchema();

/** Its own schema, or a newer one that still has every table and column this code uses. */
async function fits(opened: OpenedDatabase, status: SchemaStatus): Promise<boolean> {
  if (status.state === "current") return true;
  if (status.state !== "ahead" || !status.extendsThis) return false;
  return missingFrom(USED, await opened.columns()).length === 0;
}

async function database(app: FastifyInstance, { config }: { config: Config }): Promise<void> {
  const migrateAtStart = config.env !== "production";
  const opened = openAppDatabase(
    config.database.kind === "postgres" ? config.database : { kind: "sqlite", dataDir: config.dataDir },
  );
  try {
    if (migrateAtStart) await opened.migrate();
    // Migrated just now (development) or as the deploy left it (production): it must fit the code.
    const status = await opened.schemaStatus();
    if (!(await fits(opened, status))) throw new SchemaMismatchError(status);
    if (status.state === "ahead")
      app.log.warn(
        { applied: status.applied, committed: status.committed },
        "the database was migrated by a newer release; it keeps everything this code uses",
      );
    // The enum items are data this code owns, not schema: brought up to date at every start
    // (idempotent; one read when nothing changed), so a deploy that adds an item needs no migration.
    if (!migrateAtStart) await opened.seedEnums();
  } catch (err) {
    await opened.db.close();
    throw err;
  }
  app.decorate("db", opened.db);
  app.decorate("ssn", createSsnCipher(loadSsnKey(config)));
  app.decorate("databaseReadiness", () =>
    readinessOf(
      () => opened.schemaStatus(),
      undefined,
      (status) => fits(opened, status),
    ),
  );
  const unobserve = observe(opened.db);
  // Runs after the server stopped accepting and in-flight requests finished (Fastify's close order).
  app.addHook("onClose", async () => {
    unobserve();
    await opened.db.close();
  });
}

export const databasePlugin = fp(database, { name: "database" });
