// Starts every listener of the local stack from one validated Config, in dependency order:
// mailbox (SMTP sink) → auth emulator → identity emulator → app. Used by `npm start`,
// `npm run dev` and tests/support (which passes free ports and a throwaway DATA_DIR).
import fs from "node:fs";
import { loadConfig, ConfigError, type Config } from "../server/src/config";
import { startAuthEmulator } from "@founder-foundation/auth-emulator";
import { PROJECT_AUTH_OPTIONS } from "../supabase/demo-seed";
import { startIdentityEmulator } from "../server/identity-emulator/index";
import { startApp } from "../server/src/main";

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

export async function startStack(config: Config, opts: { quiet?: boolean } = {}): Promise<Stack> {
  fs.mkdirSync(config.dataDir, { recursive: true });
  const started: Listener[] = [];
  try {
    let mail: Stack["mail"];
    let auth: Stack["auth"];
    if (config.authMode === "embedded") {
      // The auth emulator package, started as any outside project would; it runs the mailbox too.
      const emulator = await startAuthEmulator({
        ...PROJECT_AUTH_OPTIONS,
        host: config.host,
        port: config.ports.auth,
        dataDir: config.dataDir,
        mailbox: { port: config.ports.mail, smtpPort: config.ports.smtp, corsOrigins: config.corsOrigins },
        mailFrom: config.mail.from,
        publicUrl: config.auth.url,
        jwtSecret: config.auth.jwtSecret,
        corsOrigins: config.corsOrigins,
        quiet: opts.quiet,
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

/** Ctrl-C or a service manager's SIGTERM closes every listener, then exits. */
export function closeOnSignals(close: () => Promise<void>): void {
  const stop = async () => {
    await close();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
