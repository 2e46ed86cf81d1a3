// Starts every listener of the local stack from one validated Config, in dependency order:
// mailbox (SMTP sink) → auth emulator → identity emulator → app. Used by `npm start`,
// `npm run dev` and tests/support (which passes free ports and a throwaway DATA_DIR).
import fs from "node:fs";
import { loadConfig, ConfigError, LOCAL_IDENTITY, type Config } from "../server/src/config";
import {
  isLoopback,
  publicKeysRefusal,
  startAuthEmulator,
  type SettingsOverrides,
} from "@founder-foundation/auth-emulator";
import { PROJECT_AUTH_OPTIONS } from "../supabase/demo-seed";
import { startIdentityEmulator } from "../server/identity-emulator/index";
import { startApp } from "../server/src/main";
import { SchemaMismatchError } from "../db/schema-version";
import { DatabaseUnreachableError } from "../db/open";

export interface Listener {
  url: string;
  close(): Promise<void>;
}

export interface Stack {
  config: Config;
  app: Listener;
  auth?: Listener & { reset(): Promise<void> };
  mail?: Listener & { smtpUrl: string };
  identity?: Listener;
  close(): Promise<void>;
}

export interface StackOptions {
  quiet?: boolean;
  /** bcrypt cost of new password hashes in the embedded auth emulator (default the emulator's 4). */
  bcryptCost?: number;
  /** Auth settings beyond config.toml's (a test that needs Google sign-in on, say). */
  authSettings?: SettingsOverrides;
}

/**
 * Why the emulators may not listen on HOST: off loopback, the keys every install prints (the CLI's
 * service key, the identity emulator's signing secret) would give whoever reaches them every account
 * and any identity result. The auth emulator's own rule decides for it, as its CLI does.
 */
export function publicKeysOnNetwork(config: Config): string | undefined {
  const exposed = [
    config.authMode === "embedded" &&
      publicKeysRefusal({
        host: config.host,
        jwtSecret: config.auth.jwtSecret,
        allowPublicKeys: config.allowPublicKeys,
      }) !== undefined &&
      "the auth emulator (the Supabase CLI's public service key: every account, staff included)",
    !config.identity.isRealProvider &&
      config.identity.secretKey === LOCAL_IDENTITY.secretKey &&
      !config.allowPublicKeys &&
      !isLoopback(config.host) &&
      "the identity emulator (its public secret key: any identity check passes)",
  ].filter(Boolean);
  if (!exposed.length) return undefined;
  return `HOST=${config.host} would put ${exposed.join(" and ")} on the network for anyone who reaches it: leave HOST unset (127.0.0.1), or set ALLOW_PUBLIC_KEYS=true on a network you trust (docker-compose.yml does, publishing its ports on 127.0.0.1 only)`;
}

export async function startStack(config: Config, opts: StackOptions = {}): Promise<Stack> {
  const exposure = publicKeysOnNetwork(config);
  if (exposure) throw new ConfigError([exposure]);
  // Owner-only: the folder holds the databases (PII), the SSN key and the auth signing key.
  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const started: Listener[] = [];
  try {
    let mail: Stack["mail"];
    let auth: Stack["auth"];
    if (config.authMode === "embedded") {
      // The auth emulator package, started as any outside project would; it runs the mailbox too.
      const emulator = await startAuthEmulator({
        ...PROJECT_AUTH_OPTIONS,
        // The site URL is where this app really answers (APP_PORT, PUBLIC_APP_URL), not config.toml's
        // :3000: mail footers and redirects without a redirect_to lead there.
        configOverrides: {
          ...PROJECT_AUTH_OPTIONS.configOverrides,
          siteUrl: config.publicAppUrl,
          ...opts.authSettings,
        },
        host: config.host,
        port: config.ports.auth,
        dataDir: config.dataDir,
        mailbox: {
          port: config.ports.mail,
          smtpPort: config.ports.smtp,
          corsOrigins: config.corsOrigins,
          host: config.mailbox.host,
          token: config.mailbox.token,
        },
        mailFrom: config.mail.from,
        publicUrl: config.auth.url,
        jwtSecret: config.auth.jwtSecret,
        corsOrigins: config.corsOrigins,
        // stderr carries only a line that stops a start (docs/deploying.md).
        notice: (line) => console.log(line),
        quiet: opts.quiet,
        bcryptCost: opts.bcryptCost,
      });
      auth = emulator;
      // Closed with the emulator.
      mail = { url: emulator.mailbox.url, smtpUrl: emulator.mailbox.smtpUrl, close: async () => undefined };
      started.push(emulator);
    }
    let identity: Stack["identity"];
    if (!config.identity.isRealProvider) {
      identity = await startIdentityEmulator({
        host: config.host,
        port: config.ports.identity,
        publicUrl: config.identity.baseUrl,
        appToken: config.identity.appToken,
        secretKey: config.identity.secretKey,
        webhookSecret: config.identity.webhookSecret,
        webhookUrl: `http://127.0.0.1:${config.ports.app}/api/sumsub/webhook`,
        dataDir: config.dataDir,
        quiet: opts.quiet,
      });
      started.push(identity);
    }
    const app = await startApp(config, { quiet: opts.quiet });
    started.push(app);
    return {
      config,
      app,
      auth,
      mail,
      identity,
      close: () => closeAll(started),
    };
  } catch (err) {
    await closeAll(started);
    throw err;
  }
}

async function closeAll(listeners: Listener[]): Promise<void> {
  for (const l of [...listeners].reverse()) await l.close().catch(() => undefined);
}

/** Settings from the environment; an invalid or incomplete one ends the process with its message. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

/** How long a shutdown may drain in-flight requests: under the 30 s an orchestrator usually waits before SIGKILL. */
export const SHUTDOWN_DEADLINE_MS = 25_000;

/** SIGINT/SIGTERM: drain, close in reverse start order, exit 0; a second signal or the deadline exits 1. */
export function closeOnSignals(close: () => Promise<void>, deadlineMs = SHUTDOWN_DEADLINE_MS): void {
  let closing = false;
  const stop = (signal: NodeJS.Signals) => {
    if (closing) process.exit(1);
    closing = true;
    setTimeout(() => {
      console.error(`Shutdown after ${signal} did not finish within ${deadlineMs / 1000} s; exiting`);
      process.exit(1);
    }, deadlineMs).unref();
    close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(`Shutdown after ${signal} failed: ${err instanceof Error ? err.message : String(err)}`);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

/** A start-up failure: a refusal that explains itself as its one line, anything else with its stack. */
export function startupFailure(err: unknown): string {
  if (err instanceof SchemaMismatchError || err instanceof DatabaseUnreachableError || err instanceof ConfigError)
    return err.message;
  return err instanceof Error ? (err.stack ?? err.message) : String(err);
}
