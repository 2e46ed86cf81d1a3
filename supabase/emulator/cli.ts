// `auth-emulator`: the emulator as a command, flags parsed with node:util parseArgs.
import { parseArgs, type ParseArgsConfig } from "node:util";
import v8 from "node:v8";
import { ignoredConfigKeys, loadAuthSettings } from "./settings";
import { startAuthEmulator } from "./index";
import { publicKeysRefusal } from "./exposure";

const OPTIONS = {
  config: { type: "string", short: "c" },
  "check-config": { type: "string" },
  port: { type: "string", short: "p", default: "54321" },
  host: { type: "string", default: "127.0.0.1" },
  data: { type: "string", short: "d" },
  seed: { type: "string", short: "s" },
  "public-url": { type: "string" },
  "mail-port": { type: "string", default: "54324" },
  "smtp-port": { type: "string", default: "54325" },
  "mail-cors-origin": { type: "string", multiple: true },
  "mail-host": { type: "string" },
  "mail-token": { type: "string" },
  "cors-origin": { type: "string", multiple: true },
  "jwt-secret": { type: "string" },
  "allow-public-keys": { type: "boolean", default: false },
  "bcrypt-cost": { type: "string" },
  "default-role": { type: "string", multiple: true },
  "hs256-user-tokens": { type: "boolean", default: false },
  "serve-at-root": { type: "boolean", default: false },
  quiet: { type: "boolean", short: "q", default: false },
  help: { type: "boolean", short: "h", default: false },
} as const satisfies ParseArgsConfig["options"];

const HELP: Record<keyof typeof OPTIONS, string> = {
  config: "a Supabase CLI config.toml whose [auth] section to follow",
  "check-config": "list the [auth] keys of a config.toml the emulator ignores, then exit",
  port: "API port (0 = any free port)",
  host: "address to listen on",
  data: "data folder; without it nothing survives a restart",
  seed: "JSON seed file of users that start and reset come back to",
  "public-url": "root URL clients use (default http://host:port)",
  "mail-port": "mailbox web page and Mailpit-style API port",
  "smtp-port": "mailbox SMTP port",
  "mail-cors-origin": "browser origin allowed to read the mailbox API (repeatable)",
  "mail-host":
    "address of the mailbox page and API (default 127.0.0.1 whatever --host is); off loopback it needs --mail-token",
  "mail-token": "32+ random characters every mailbox request must carry (Authorization: Bearer, or the Basic password)",
  "cors-origin": "browser origin allowed besides localhost ones, and given credentialed CORS (repeatable)",
  "jwt-secret":
    "HS256 secret of the API keys (default: the Supabase CLI's public one); with your own, only its keys are accepted",
  "allow-public-keys":
    "listen on a non-loopback --host with the CLI's public keys (refused otherwise: they give admin rights)",
  "bcrypt-cost":
    "hash new passwords with bcrypt at this cost (10 is GoTrue's); default: argon2id at its least parameters (any hash verifies)",
  "default-role": "role put in app_metadata.roles of every new user (repeatable; GoTrue adds none)",
  "hs256-user-tokens": "sign user tokens HS256 with the JWT secret, as a GoTrue without signing keys (empty JWKS)",
  "serve-at-root": "serve the API at / too, as a self-hosted GoTrue does, besides /auth/v1",
  quiet: "print nothing but errors",
  help: "show this help",
};

export function usage(): string {
  const lines = (Object.keys(OPTIONS) as (keyof typeof OPTIONS)[]).map((name) => {
    const o: { type: string; short?: string; default?: unknown } = OPTIONS[name];
    const flag = `${o.short ? `-${o.short}, ` : "    "}--${name}${o.type === "string" ? " <value>" : ""}`;
    const def = o.type === "string" && o.default !== undefined ? ` (default ${String(o.default)})` : "";
    return `  ${flag.padEnd(32)}${HELP[name]}${def}`;
  });
  return [
    "Usage: auth-emulator [options]",
    "",
    "Supabase Auth (GoTrue) for supabase-js, with a mailbox.",
    "",
    "Options:",
    ...lines,
  ].join("\n");
}

function intFlag(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number, got "${value}"`);
  return n;
}

async function main(): Promise<void> {
  const { values: v } = parseArgs({ options: OPTIONS, allowPositionals: false });
  if (v.help) {
    console.log(usage());
    return;
  }
  if (v["check-config"] !== undefined) {
    const file = v["check-config"];
    loadAuthSettings(file); // a file that does not load is an error (exit 1), not a clean report
    const ignored = ignoredConfigKeys(file);
    console.log(
      ignored.length
        ? [`${file}: ${ignored.length} [auth] key(s) the emulator ignores:`, ...ignored.map((k) => `  ${k}`)].join("\n")
        : `${file}: the emulator implements every [auth] key`,
    );
    return;
  }
  const refusal = publicKeysRefusal({
    host: v.host,
    jwtSecret: v["jwt-secret"],
    allowPublicKeys: v["allow-public-keys"],
  });
  if (refusal) throw new Error(refusal);
  const emulator = await startAuthEmulator({
    config: v.config,
    port: intFlag("port", v.port),
    host: v.host,
    dataDir: v.data,
    seed: v.seed,
    publicUrl: v["public-url"],
    jwtSecret: v["jwt-secret"],
    bcryptCost: intFlag("bcrypt-cost", v["bcrypt-cost"]),
    corsOrigins: v["cors-origin"],
    configOverrides: v["default-role"] ? { defaultRoles: v["default-role"] } : undefined,
    mailbox: {
      port: intFlag("mail-port", v["mail-port"]),
      smtpPort: intFlag("smtp-port", v["smtp-port"]),
      corsOrigins: v["mail-cors-origin"],
      host: v["mail-host"],
      token: v["mail-token"],
    },
    hs256UserTokens: v["hs256-user-tokens"],
    serveAtRoot: v["serve-at-root"],
    quiet: v.quiet,
  });
  // V8's defaults again, now that requests may want a larger young generation and the compilers (bin/).
  v8.setFlagsFromString("--semi-space-growth-factor=2 --no-optimize-for-size --turbofan --sparkplug");
  const stop = () => void emulator.stop().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((err: unknown) => {
  console.error(`auth-emulator: ${err instanceof Error ? err.message : String(err)}`);
  console.error("Run auth-emulator --help for the options.");
  process.exit(1);
});
