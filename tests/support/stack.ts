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

/**
 * Extra environment (e.g. SUMSUB_* or AUTH settings) may be passed; ports and DATA_DIR are chosen here.
 * Free ports are picked before the listeners bind them, so on a busy machine (other suites booting
 * stacks in parallel) a port can be taken in between: a boot that meets EADDRINUSE is retried on
 * new ports, up to `attempts` times.
 */
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
  // bcrypt cost 4, as every test auth service (tests/support/auth.ts): at GoTrue's 10 each sign-up
  // and first sign-in spent ~60 ms in pure-JS hashing, 9 % of the browser files' node CPU. Cost 10
  // stays covered where the auth service runs as deployed: the production-shaped run signs up and
  // in through the emulator's CLI at its default (tests/production).
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
