// The app alone, in this process, listening on a free port, with every log line captured (at trace
// level, the most talkative) so suites can search what the logger wrote. Tokens are HS256 with the
// project secret, as the auth service signs them for HS256 stacks; founders are built through the API.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { PassThrough } from "node:stream";
import type { FastifyInstance } from "fastify";
import { SignJWT } from "jose";
import { loadConfig, type Config } from "../../../server/src/config";
import { buildApp } from "../../../server/src/app";
import { APP_DB_FILE } from "../../../db/client";
import type { Role } from "../../../server/src/contract/rules";
import { buildFounder, type AuthUser, type Founder, type Stage } from "./founders";

export interface AppHarness {
  app: FastifyInstance;
  config: Config;
  url: string;
  dataDir: string;
  dbFile: string;
  /** Everything the logger has written so far. */
  logs(): string;
  user(roles?: Role[]): Promise<AuthUser>;
  founder(stage?: Stage): Promise<Founder>;
  close(): Promise<void>;
}

export async function mintToken(secret: string, sub: string, email: string, roles: Role[] = ["user"]): Promise<string> {
  return new SignJWT({ sub, aud: "authenticated", role: "authenticated", email, app_metadata: { provider: "email", providers: ["email"], roles }, user_metadata: {} })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuedAt()
    .setExpirationTime("2h")
    .sign(new TextEncoder().encode(secret));
}

export async function startAppHarness(env: Record<string, string> = {}): Promise<AppHarness> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ff-rel-"));
  const chunks: string[] = [];
  const stream = new PassThrough();
  stream.on("data", (c: Buffer) => chunks.push(c.toString("utf8")));
  // No auth or identity service runs here: HS256 tokens need none, and provider calls fail as 502.
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "trace", DATA_DIR: dataDir, SUPABASE_JWKS_URL: "http://127.0.0.1:9/none", HOST: "127.0.0.1", APP_PORT: "0", ...env });
  const app = await buildApp(config, { webDist: path.join(dataDir, "no-web"), logStream: stream });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const { port } = app.server.address() as { port: number };
  const url = `http://127.0.0.1:${port}`;
  const user = async (roles: Role[] = ["user"]): Promise<AuthUser> => {
    const userId = randomUUID();
    const email = `f-${userId.slice(0, 8)}@example.com`;
    return { userId, email, token: await mintToken(config.auth.jwtSecret, userId, email, roles), refreshToken: "" };
  };
  return {
    app,
    config,
    url,
    dataDir,
    dbFile: path.join(dataDir, APP_DB_FILE),
    logs: () => chunks.join(""),
    user,
    founder: async (stage = "full") => buildFounder(url, await user(), stage),
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
