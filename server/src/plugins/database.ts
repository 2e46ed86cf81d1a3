// Opens the app database on the configured engine (db/open.ts: PostgreSQL with DATABASE_URL, else
// the SQLite file in DATA_DIR) and decorates app.db; also the SSN cipher, whose key lives beside
// it in development, and the readiness check /api/ready answers from.
// Development and tests migrate (and seed) at start, so `npm start` and `npm run dev` need no
// extra step. Production never changes the schema at start: several instances would race to
// migrate, and a deploy migrates once, before the new code serves, with `npm run db:migrate`
// (docs/decisions/0041-migrations-in-production.md). There the app only checks that the
// database's schema is the one its code was written for, and refuses to start otherwise.
import fp from "fastify-plugin";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config";
import { openAppDatabase } from "../../../db/open";
import { assertCurrent, readinessOf } from "../../../db/schema-version";
import { createSsnCipher, loadSsnKey } from "../pii/ssn";

async function database(app: FastifyInstance, { config }: { config: Config }): Promise<void> {
  const migrateAtStart = config.env !== "production";
  const opened = openAppDatabase(config.database.kind === "postgres" ? config.database : { kind: "sqlite", dataDir: config.dataDir });
  try {
    if (migrateAtStart) await opened.migrate();
    // Migrated just now (development) or as the deploy left it (production): it must fit the code.
    assertCurrent(await opened.schemaStatus());
    // The enum items are data this code owns, not schema: brought up to date at every start
    // (idempotent; one read when nothing changed), so a deploy that adds an item needs no migration.
    if (!migrateAtStart) await opened.seedEnums();
  } catch (err) {
    await opened.db.close();
    throw err;
  }
  app.decorate("db", opened.db);
  app.decorate("ssn", createSsnCipher(loadSsnKey(config)));
  app.decorate("databaseReadiness", () => readinessOf(() => opened.schemaStatus()));
  // Runs after the server stopped accepting and in-flight requests finished (Fastify's close order).
  app.addHook("onClose", async () => opened.db.close());
}

export const databasePlugin = fp(database, { name: "database" });
