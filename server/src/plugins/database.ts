// Opens (and migrates + seeds) the app's SQLite file in DATA_DIR and decorates app.db; also the
// SSN cipher, whose key lives beside it in development.
import type { FastifyInstance } from "fastify";
import type { Config } from "../config";
import { appDatabasePath, openDatabase } from "../../../db/client";
import { createSsnCipher, loadSsnKey } from "../pii/ssn";

export function registerDatabase(app: FastifyInstance, config: Config): void {
  const handle = openDatabase(appDatabasePath(config.dataDir));
  app.decorate("db", handle.db);
  app.decorate("ssn", createSsnCipher(loadSsnKey(config)));
  app.addHook("onClose", async () => handle.close());
}
