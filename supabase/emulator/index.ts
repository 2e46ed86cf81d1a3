// Supabase Auth (GoTrue) for the unmodified supabase-js, in pure Node: /auth/v1, TOTP, a mailbox with
// Mailpit's API, and a seed to come back to. It knows nothing of the project that starts it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import type { JWK } from "jose";
import type { AuthContext } from "./context";
import { AuthStore } from "./store";
import { ignoredConfigKeys, loadAuthSettings, type SettingsOverrides } from "./settings";
import { KeyRing } from "./keys";
import { PasswordPolicy } from "./passwords";
import { RedirectPolicy } from "./redirects";
import { Mailer } from "./mailer";
import { loadMailTemplates } from "./mail-templates";
import { RateLimiter } from "./ratelimit";
import { applySeed, describeSeed, loadSeed, type SeedFile } from "./seed";
import { buildServer, PREFIX } from "./http/server";
import { startMailbox, type Mailbox } from "./mailbox/index";
import { SUPABASE_CLI_KEYS } from "./cli-keys";
import { apiKeysFor, isPublicSecret } from "./api-keys";
import { isLoopback } from "./exposure";
import { hostPolicy } from "./http/allowed-hosts";
import { secretWeakness } from "./secret-strength";

export { SUPABASE_CLI_KEYS } from "./cli-keys";
export { apiKeysFor, type ApiKeys } from "./api-keys";
export { isLoopback, publicKeysRefusal } from "./exposure";
export { startMailbox, type Mailbox, type MailboxOptions, type MailMessage } from "./mailbox/index";
export { loadSeed, type SeedFile } from "./seed";
export type { AuthSettings, SettingsOverrides } from "./settings";
export { ignoredConfigKeys } from "./settings";

export interface AuthEmulatorOptions {
  /** 0 (the default) = any free port; the CLI defaults to 54321 like `supabase start`. */
  port?: number;
  host?: string;
  /** Path of a Supabase CLI config.toml whose [auth] section is followed; the CLI template's defaults when absent. */
  config?: string;
  configOverrides?: SettingsOverrides;
  /** Where users, sessions, the signing key and mail persist. Without it, nothing survives stop(). */
  dataDir?: string;
  /** The users every fresh data folder and every reset() starts from: a JSON file path or an object. */
  seed?: string | SeedFile;
  /** Public root URL (without /auth/v1), used in tokens' iss and in mail links; default http://host:port. */
  publicUrl?: string;
  /** HS256 secret of the API keys; with one of its own, only the keys derived from it are accepted. */
  jwtSecret?: string;
  /** bcrypt cost of new hashes (10 is GoTrue's); without it, argon2id at its least parameters, cheap for CI. */
  bcryptCost?: number;
  /** Browser origins allowed besides any localhost/127.0.0.1 one. */
  corsOrigins?: string[];
  /** The embedded mailbox, on loopback unless given a `host` and a `token` (32+ characters). */
  mailbox?: { port?: number; smtpPort?: number; corsOrigins?: string[]; host?: string; token?: string };
  mailFrom?: string;
  /** No console output (the URL, keys and seed are printed otherwise). */
  quiet?: boolean;
  /** Where the notice of ignored config.toml keys goes (console.warn by default). */
  notice?: (line: string) => void;
  /** Sign user access tokens HS256 with `jwtSecret`, as a GoTrue without signing keys does. */
  hs256UserTokens?: boolean;
  /** Serve the API at the root path too, as a self-hosted GoTrue does, besides `/auth/v1`. */
  serveAtRoot?: boolean;
}

export interface AuthEmulator {
  /** Root URL to give createClient(url, anonKey); the API is under `${url}/auth/v1`. */
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  /** `sb_publishable_…`, the new-style twin of anonKey (the CLI's, or derived from your jwtSecret). */
  publishableKey: string;
  /** `sb_secret_…`, the new-style twin of serviceRoleKey: admin rights, keep it on servers. */
  secretKey: string;
  jwtSecret: string;
  /** The public keys that sign user access tokens, also served at `${url}/auth/v1/.well-known/jwks.json`. */
  jwks: { keys: JWK[] };
  jwksUrl: string;
  mailbox: Mailbox;
  /** The data folder in use (a temporary one, removed by stop(), when none was given). */
  dataDir: string;
  /** Back to the seed (not to empty): users, sessions, factors, rate limits. Mail stays (mailbox.clear()). */
  reset(): Promise<void>;
  stop(): Promise<void>;
  close(): Promise<void>;
}

export const AUTH_DB_FILE = "auth.sqlite";
export const MAIL_FILE = "mailbox.json";
const DEFAULT_FROM = "Supabase Auth <noreply@localhost>";

/** One line naming the config.toml keys that take no effect here, so nobody believes they did. */
function warnOfIgnoredKeys(opts: AuthEmulatorOptions): void {
  if (opts.quiet || opts.config === undefined) return;
  const ignored = ignoredConfigKeys(opts.config);
  if (ignored.length)
    (opts.notice ?? console.warn)(
      `[auth] ${opts.config}: not implemented by the emulator, ignored: ${ignored.join(", ")}`,
    );
}

export async function startAuthEmulator(opts: AuthEmulatorOptions = {}): Promise<AuthEmulator> {
  const host = opts.host ?? "127.0.0.1";
  const temporary = opts.dataDir === undefined;
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "auth-emulator-"));
  fs.mkdirSync(dataDir, { recursive: true });
  const settings = loadAuthSettings(opts.config, opts.configOverrides);
  warnOfIgnoredKeys(opts);
  const templates = loadMailTemplates(settings.email.templates);
  const seed = loadSeed(opts.seed);
  const jwtSecret = opts.jwtSecret ?? SUPABASE_CLI_KEYS.jwtSecret;
  const weakness = isPublicSecret(jwtSecret) ? undefined : secretWeakness("the JWT secret", jwtSecret);
  if (weakness) throw new Error(`${weakness}: use 32+ random characters (e.g. openssl rand -base64 32)`);
  const apiKeys = await apiKeysFor(jwtSecret);
  // Without a data folder the store lives in memory (decision record 0175).
  const store = new AuthStore(temporary ? ":memory:" : path.join(dataDir, AUTH_DB_FILE));
  const cleanups: (() => Promise<void> | void)[] = [() => store.close()];
  const cleanup = async () => {
    for (const fn of cleanups.reverse()) await fn();
    if (temporary) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const mailbox = await startMailbox({
      host: opts.mailbox?.host ?? (isLoopback(host) ? host : "127.0.0.1"),
      token: opts.mailbox?.token,
      publicUrls: [opts.publicUrl],
      httpPort: opts.mailbox?.port ?? 0,
      smtpPort: opts.mailbox?.smtpPort ?? 0,
      corsOrigins: opts.mailbox?.corsOrigins,
      file: path.join(dataDir, MAIL_FILE),
      quiet: opts.quiet,
    });
    cleanups.push(() => mailbox.close());
    const mailer = new Mailer(mailbox.smtpUrl, opts.mailFrom ?? DEFAULT_FROM, opts.quiet ?? false, templates);
    cleanups.push(() => mailer.close());
    const keys = await KeyRing.load({
      dataDir,
      jwtSecret,
      issuer: "",
      signingKeysPath: settings.signingKeysPath,
      hs256UserTokens: opts.hs256UserTokens,
    });
    const limiter = new RateLimiter({
      sign_in_sign_ups: settings.rateLimit.signInSignUps,
      token_verifications: settings.rateLimit.tokenVerifications,
      token_refresh: settings.rateLimit.tokenRefresh,
      email_sent: settings.rateLimit.emailSent,
      failed_attempts_per_account: settings.rateLimit.failedAttemptsPerAccount,
      anonymous_users: settings.rateLimit.anonymousUsers,
    });
    const ctx: AuthContext = {
      store,
      settings,
      keys,
      passwords: new PasswordPolicy(settings, opts.bcryptCost),
      redirects: new RedirectPolicy(settings),
      mailer,
      limiter,
      apiKeys,
      publicKeys: isPublicSecret(jwtSecret),
      apiUrl: "",
      reseed: async () => {
        store.wipe();
        limiter.clear();
        await applySeed(ctx, seed);
      },
    };
    if (!store.seeded) await applySeed(ctx, seed, { once: true });
    const app = await buildServer(ctx, opts.corsOrigins, hostPolicy(host, [opts.publicUrl]), opts.serveAtRoot);
    cleanups.push(() => app.close());
    await app.listen({ host, port: opts.port ?? 0 });
    // Known only now with port 0; set before any request can be handled (no await in between).
    const port = (app.server.address() as AddressInfo).port;
    const url = (opts.publicUrl ?? `http://${host === "0.0.0.0" ? "127.0.0.1" : host}:${port}`).replace(/\/+$/, "");
    ctx.apiUrl = `${url}${PREFIX}`;
    keys.issuer = ctx.apiUrl;

    let stopped = false;
    const stop = async () => {
      if (stopped) return;
      stopped = true;
      await cleanup();
    };
    if (!opts.quiet) {
      console.log(
        [
          `[auth] API ${ctx.apiUrl}`,
          `[auth] anon key: ${apiKeys.anonKey}`,
          `[auth] service_role key: ${apiKeys.serviceRoleKey}`,
          `[auth] publishable key: ${apiKeys.publishableKey}`,
          `[auth] secret key: ${apiKeys.secretKey}`,
          `[auth] mailbox ${mailbox.url} (SMTP ${mailbox.smtpUrl})`,
          `[auth] ${temporary ? "no data folder: nothing is kept after stop" : `data in ${dataDir}`}`,
          ...describeSeed(seed)
            .split("\n")
            .map((l) => `[auth] ${l}`),
        ].join("\n"),
      );
    }
    return {
      url,
      ...apiKeys,
      jwtSecret,
      jwks: keys.jwks(),
      jwksUrl: `${ctx.apiUrl}/.well-known/jwks.json`,
      mailbox,
      dataDir,
      reset: ctx.reseed,
      stop,
      close: stop,
    };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

/** Puts the auth data in `dataDir` back to the seed without a running emulator. */
export async function resetAuthData(opts: {
  dataDir: string;
  config?: string;
  configOverrides?: SettingsOverrides;
  seed?: string | SeedFile;
  bcryptCost?: number;
}): Promise<void> {
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const settings = loadAuthSettings(opts.config, opts.configOverrides);
  const store = new AuthStore(path.join(opts.dataDir, AUTH_DB_FILE));
  try {
    store.wipe();
    await applySeed({ store, settings, passwords: new PasswordPolicy(settings, opts.bcryptCost) }, loadSeed(opts.seed));
  } finally {
    store.close();
  }
}
