// Opens the app's SQLite file in DATA_DIR and decorates app.db; also the SSN cipher, whose key
// lives beside it in development, and the readiness check /api/ready answers from.
// Development and tests migrate (and seed) at start, so `npm start` and `npm run dev` need no
// extra step. Production never changes the schema at start: several instances would race to
// migrate, and a deploy migrates once, before the new code serves, with `npm run db:migrate`
// (docs/decisions/0041-migrations-in-production.md). There the app only checks that the
// database's schema is the one its code was written for, and refuses to start otherwise.
import type { FastifyInstance } from "fastify";
import type { Config } from "../config";
import { appDatabasePath, openDatabase, schemaStatus } from "../../../db/client";
import { seedEnums } from "../../../db/seed";
import { assertCurrent, readinessOf } from "../../../db/schema-version";
import { createSsnCipher, loadSsnKey } from "../pii/ssn";

export function registerDatabase(app: FastifyInstance, config: Config): void {
  const migrateAtStart = config.env !== "production";
  const handle = openDatabase(appDatabasePath(config.dataDir), { migrate: migrateAtStart });
  try {
    // Migrated just now (development) or as the deploy left it (production): it must fit the code.
    assertCurrent(schemaStatus(handle));
    // The enum items are data this code owns, not schema: brought up to date at every start
    // (idempotent; one read when nothing changed), so a deploy that adds an item needs no migration.
    if (!migrateAtStart) seedEnums(handle.db);
  } catch (err) {
    handle.close();
    throw err;
  }
  app.decorate("db", handle.db);
  app.decorate("ssn", createSsnCipher(loadSsnKey(config)));
  app.decorate("databaseReadiness", () => readinessOf(() => schemaStatus(handle)));
  app.addHook("onClose", async () => handle.close());
}
