// Embedded auth emulator: the Supabase Auth (GoTrue) HTTP surface under /auth/v1, for the
// unmodified supabase-js, offline and without Docker. Started by scripts/stack.ts.
import fs from "node:fs";
import path from "node:path";
import { LOCAL_SUPABASE } from "../../server/src/config";
import type { AuthContext } from "./context";
import { AuthStore } from "./store";
import { loadAuthSettings, type SettingsOverrides } from "./settings";
import { KeyRing } from "./keys";
import { PasswordPolicy } from "./passwords";
import { RedirectPolicy } from "./redirects";
import { Mailer } from "./mailer";
import { RateLimiter } from "./ratelimit";
import { describeSeed, seedDemoUsers } from "./seed";
import { buildServer, PREFIX } from "./http/server";

export { DEMO_PASSWORD, DEMO_TOTP_SECRET, DEMO_USERS, DEMO_FACTOR_ID, DEMO_FACTOR_NAME } from "./seed";

export interface AuthEmulatorOptions {
  host: string;
  port: number;
  dataDir: string;
  smtpUrl: string;
  mailFrom: string;
  /** Public root URL (without /auth/v1) used in tokens' iss and in mail links. */
  publicUrl: string;
  /** Path of config.toml; defaults to supabase/config.toml. */
  configTomlPath?: string;
  quiet?: boolean;
  /** Values that win over config.toml (tests use this to tighten limits or flip settings). */
  configOverrides?: SettingsOverrides;
  /** HS256 secret of the anon/service_role keys; defaults to the Supabase CLI's public one. */
  jwtSecret?: string;
  /** bcrypt cost; 10 like GoTrue. Tests may lower it for speed. */
  bcryptCost?: number;
  /** Browser origins allowed besides any localhost/127.0.0.1 one. */
  corsOrigins?: string[];
}

export interface AuthEmulator {
  url: string;
  close(): Promise<void>;
  reset(): Promise<void>;
}

export const AUTH_DB_FILE = "auth.sqlite";
/** PRAGMA user_version after the first seeding, so a restart keeps the data as it was left. */
const SEEDED_VERSION = 1;

export async function startAuthEmulator(opts: AuthEmulatorOptions): Promise<AuthEmulator> {
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const settings = loadAuthSettings(opts.configTomlPath, opts.configOverrides);
  const publicUrl = opts.publicUrl.replace(/\/+$/, "");
  const apiUrl = `${publicUrl}${PREFIX}`;
  const store = new AuthStore(path.join(opts.dataDir, AUTH_DB_FILE));
  const mailer = new Mailer(opts.smtpUrl, opts.mailFrom, opts.quiet ?? false);
  try {
    const keys = await KeyRing.load({
      dataDir: opts.dataDir,
      jwtSecret: opts.jwtSecret ?? LOCAL_SUPABASE.jwtSecret,
      issuer: apiUrl,
      signingKeysPath: settings.signingKeysPath,
    });
    const limiter = new RateLimiter({
      sign_in_sign_ups: settings.rateLimit.signInSignUps,
      token_verifications: settings.rateLimit.tokenVerifications,
      token_refresh: settings.rateLimit.tokenRefresh,
      email_sent: settings.rateLimit.emailSent,
      failed_attempts_per_account: settings.rateLimit.failedAttemptsPerAccount,
    });
    const ctx: AuthContext = {
      store,
      settings,
      keys,
      passwords: new PasswordPolicy(settings, opts.bcryptCost ?? 10),
      redirects: new RedirectPolicy(settings),
      mailer,
      limiter,
      apiUrl,
      reseed: async () => {
        store.wipe();
        limiter.clear();
        await seedDemoUsers(ctx);
      },
    };
    if ((store.db.pragma("user_version", { simple: true }) as number) < SEEDED_VERSION) {
      await seedDemoUsers(ctx);
      store.db.pragma(`user_version = ${SEEDED_VERSION}`);
    }
    const app = await buildServer(ctx, opts.corsOrigins);
    await app.listen({ host: opts.host, port: opts.port });
    let closed = false;
    if (!opts.quiet) console.log(`[auth] emulator on ${apiUrl}\n[auth] ${describeSeed().replace(/\n/g, "\n[auth] ")}`);
    return {
      url: publicUrl,
      reset: ctx.reseed,
      close: async () => {
        if (closed) return;
        closed = true;
        await app.close();
        mailer.close();
        store.close();
      },
    };
  } catch (err) {
    mailer.close();
    store.close();
    throw err;
  }
}

/**
 * Puts the auth data in `dataDir` back to the demo seed without a running emulator (used by
 * `npm run reset` when nothing is listening). Safe beside a running emulator too: SQLite locks.
 */
export async function resetAuthData(opts: { dataDir: string; configTomlPath?: string; bcryptCost?: number }): Promise<void> {
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const settings = loadAuthSettings(opts.configTomlPath);
  const store = new AuthStore(path.join(opts.dataDir, AUTH_DB_FILE));
  try {
    store.wipe();
    await seedDemoUsers({ store, settings, passwords: new PasswordPolicy(settings, opts.bcryptCost ?? 10) });
    store.db.pragma(`user_version = ${SEEDED_VERSION}`);
  } finally {
    store.close();
  }
}
