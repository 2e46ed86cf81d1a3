// Boots the real local stack in-process on free ports with a throwaway DATA_DIR, so suites run in
// parallel without colliding. Each test file calls bootStack() in beforeAll and close() in afterAll.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../../server/src/config";
import { startStack, type Stack, type StackOptions } from "../../scripts/stack";
import { freePort, retryOnPortClash } from "./ports";

export { freePort };

export interface TestStack extends Stack {
  dataDir: string;
}

/** Environment for one stack of its own: a free port for every listener, and the given DATA_DIR. */
export async function isolatedStackEnv(dataDir: string): Promise<Record<string, string>> {
  const [app, auth, mail, smtp, identity] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  return {
    APP_PORT: String(app),
    AUTH_PORT: String(auth),
    MAIL_PORT: String(mail),
    SMTP_PORT: String(smtp),
    IDENTITY_PORT: String(identity),
    DATA_DIR: dataDir,
  };
}

/** Boots with extra environment on new free ports; retried on EADDRINUSE. */
export function bootStack(
  env: Record<string, string> = {},
  attempts = 3,
  opts: Pick<StackOptions, "authSettings"> = {},
): Promise<TestStack> {
  return retryOnPortClash(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ff-stack-"));
    try {
      return await bootStackIn(dataDir, env, opts);
    } catch (err) {
      fs.rmSync(dataDir, { recursive: true, force: true });
      throw err;
    }
  }, attempts);
}

async function bootStackIn(
  dataDir: string,
  env: Record<string, string>,
  opts: Pick<StackOptions, "authSettings">,
): Promise<TestStack> {
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    ...(await isolatedStackEnv(dataDir)),
    ...env,
  });
  // bcrypt cost 4 as every test auth service; tests/production covers GoTrue's 10.
  const stack = await startStack(config, { quiet: true, bcryptCost: 4, ...opts });
  return {
    ...stack,
    dataDir,
    close: async () => {
      await stack.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
