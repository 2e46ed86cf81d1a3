// The app, in this process, listening on a free port, with every log line captured (at trace level,
// the most talkative) so suites can search what the logger wrote. It trusts a real auth emulator of
// its own (tests/support/auth.ts): users are real, tokens are the emulator's; founders are built
// through the API.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import type { FastifyInstance } from "fastify";
import { loadConfig, type Config } from "../../server/src/config";
import { buildApp } from "../../server/src/app";
import { APP_DB_FILE } from "../../db/client";
import { createTestDatabase, type TestDatabase, type TestEngine } from "./test-database";
import type { Role } from "../../server/src/contract/roles";
import { startTestAuth, type TestAuth } from "./auth";
import { buildFounder, type AuthUser, type Founder, type Stage } from "./api-founders";

export interface AppHarness {
  app: FastifyInstance;
  config: Config;
  url: string;
  dataDir: string;
  /** The SQLite file (SQLite engine only). */
  dbFile: string;
  /** The app's database on either engine (dump, query). */
  database: TestDatabase;
  auth: TestAuth;
  /** Everything the logger has written so far. */
  logs(): string;
  user(roles?: Role[]): Promise<AuthUser>;
  founder(stage?: Stage): Promise<Founder>;
  close(): Promise<void>;
}

export async function startAppHarness(env: Record<string, string> = {}, opts: { engine?: TestEngine } = {}): Promise<AppHarness> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ff-rel-"));
  const chunks: string[] = [];
  const stream = new PassThrough();
  stream.on("data", (c: Buffer) => chunks.push(c.toString("utf8")));
  // No identity service runs here: provider calls fail as 502.
  const database = await createTestDatabase(dataDir, opts.engine);
  const auth = await startTestAuth();
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "trace", DATA_DIR: dataDir, HOST: "127.0.0.1", APP_PORT: "0", ...database.env, ...auth.appEnv, ...env });
  const app = await buildApp(config, { webDist: path.join(dataDir, "no-web"), logStream: stream });
  if (app.db.engine !== database.engine) throw new Error(`the app runs on ${app.db.engine}, the test asked for ${database.engine}`);
  await app.listen({ host: "127.0.0.1", port: 0 });
  const { port } = app.server.address() as { port: number };
  const url = `http://127.0.0.1:${port}`;
  const user = (roles: Role[] = ["user"]): Promise<AuthUser> => auth.user({ roles });
  return {
    app,
    config,
    url,
    dataDir,
    dbFile: path.join(dataDir, APP_DB_FILE),
    database,
    auth,
    logs: () => chunks.join(""),
    user,
    founder: async (stage = "full") => buildFounder(url, await user(), stage),
    close: async () => {
      await app.close();
      await auth.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
