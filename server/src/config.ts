// Every setting, read once from the environment: defaults run the local stack with none; production
// must give those without a safe default, and start-up names each one missing or refused.
import { z } from "zod";
import path from "node:path";
import { isIP } from "node:net";
import { SUMSUB_LEVEL_NAME } from "./contract/rules";
import { ssnKeyWeakness } from "./pii/ssn";
import { MIN_SECRET_LENGTH, secretWeakness } from "./secret-strength";

/** The Supabase CLI's public local-development values (not secrets: every CLI install prints them). */
/** @internal */ export const LOCAL_SUPABASE = {
  jwtSecret: "super-secret-jwt-token-with-at-least-32-characters-long",
  anonKey:
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0",
  serviceRoleKey:
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU",
  publishableKey: "sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH",
  secretKey: "sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz",
} as const;

/** Public sandbox-style credentials the offline identity emulator accepts (dev only). */
export const LOCAL_IDENTITY = {
  appToken: "sbx:local-identity-emulator-app-token",
  secretKey: "local-identity-emulator-secret-key",
  webhookSecret: "local-identity-emulator-webhook-secret",
} as const;

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);
const optionalString = z.string().trim().min(1).optional();
/** An on/off switch; unset means the mode's default (on for local development, off in production). */
const optionalSwitch = z
  .enum(["true", "false", "1", "0", "on", "off"])
  .transform((v) => v === "true" || v === "1" || v === "on")
  .optional();

const PROXY_RANGES = ["loopback", "linklocal", "uniquelocal"];

function isProxyAddress(value: string): boolean {
  if (PROXY_RANGES.includes(value)) return true;
  const [address = "", bits, ...rest] = value.split("/");
  const version = isIP(address);
  if (!version || rest.length) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}

/** Off, or the proxies' addresses: never every hop (the client writes the leftmost X-Forwarded-For) nor a count. */
const trustProxySetting = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx): false | string[] => {
    if (v === undefined || ["", "false", "0", "off"].includes(v)) return false;
    const list = v.split(",").map((a) => a.trim());
    if (list.every(isProxyAddress)) return list;
    ctx.addIssue({
      code: "custom",
      message: `the proxies' addresses or CIDR ranges, comma-separated, or ${PROXY_RANGES.join(", ")}`,
    });
    return z.NEVER;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  HOST: z.string().default("127.0.0.1"),
  /** Lets the local stack's emulators listen off loopback on their public keys (scripts/stack.ts refuses it otherwise). */
  ALLOW_PUBLIC_KEYS: optionalSwitch,
  APP_PORT: port(3000),
  AUTH_PORT: port(54321),
  MAIL_PORT: port(54324),
  /** The embedded mailbox page and API's address (default 127.0.0.1); off loopback it needs MAIL_TOKEN. */
  MAIL_HOST: optionalString,
  /** Asked of every mailbox request when set: it holds every sign-in and reset link. */
  MAIL_TOKEN: optionalString,
  SMTP_PORT: port(54325),
  IDENTITY_PORT: port(54330),
  DATA_DIR: z.string().default(".data"),
  /** postgres://… runs the app on PostgreSQL; unset, on the SQLite file in DATA_DIR. */
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  /** Connections in this instance's Postgres pool (several instances share the server's limit). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** "embedded" starts the auth emulator and mailbox; "external" uses `supabase start` or hosted Supabase. */
  AUTH_MODE: z.enum(["embedded", "external"]).optional(),
  PUBLIC_APP_URL: optionalString,
  SUPABASE_URL: optionalString,
  SUPABASE_ANON_KEY: optionalString,
  SUPABASE_SERVICE_ROLE_KEY: optionalString,
  SUPABASE_JWT_SECRET: optionalString,
  SUPABASE_JWKS_URL: optionalString,
  /** The `iss` every access token must carry; default SUPABASE_URL + /auth/v1, as GoTrue sets it. */
  SUPABASE_JWT_ISSUER: optionalString,
  /** How long the auth service's word on a session (alive, banned, factors, roles) is trusted, in seconds. */
  SESSION_CHECK_TTL_SECONDS: z.coerce.number().int().min(0).max(60).default(30),
  ADMIN_API_ENABLED: optionalSwitch,
  API_DOCS_ENABLED: optionalSwitch,
  SSN_ENCRYPTION_KEY: optionalString,
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default("Founder Foundation <no-reply@founder-foundation.local>"),
  SUMSUB_BASE_URL: optionalString,
  SUMSUB_APP_TOKEN: optionalString,
  SUMSUB_SECRET_KEY: optionalString,
  SUMSUB_WEBHOOK_SECRET: optionalString,
  SUMSUB_LEVEL_NAME: z.string().default(SUMSUB_LEVEL_NAME),
  CORS_ORIGINS: optionalString,
  /** A built web app to serve instead of web/dist (a build made elsewhere with the production VITE_* settings). */
  WEB_DIST: optionalString,
  /** After SIGTERM, seconds of serving while /api/ready says 503, before draining; default 5 in production. */
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().int().min(0).max(20).optional(),
  TRUST_PROXY: trustProxySetting,
  /** Prometheus metrics on a listener of their own (docs/operations.md); unset, no metrics listener. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().trim().min(1).default("127.0.0.1"),
  /** Production refuses a METRICS_HOST that is not loopback or private unless this says it is meant. */
  METRICS_PUBLIC_BIND: optionalSwitch,
});

const REQUIRED_IN_PRODUCTION = [
  "AUTH_MODE",
  "PUBLIC_APP_URL",
  "SUPABASE_URL",
  "SUPABASE_ANON_KEY",
  "SUPABASE_SERVICE_ROLE_KEY",
  "SUPABASE_JWKS_URL",
  "SSN_ENCRYPTION_KEY",
  "SMTP_URL",
  "SUMSUB_APP_TOKEN",
  "SUMSUB_SECRET_KEY",
  "SUMSUB_WEBHOOK_SECRET",
] as const;

/** Settings that hold a secret: production asks each for the emulator's strength rule (secret-strength.ts). */
const SECRET_SETTINGS = [
  "SUPABASE_SERVICE_ROLE_KEY",
  "SUPABASE_JWT_SECRET",
  "SUMSUB_APP_TOKEN",
  "SUMSUB_SECRET_KEY",
  "SUMSUB_WEBHOOK_SECRET",
  "MAIL_TOKEN",
] as const;

/** Where the app sends tokens and keys, or learns which tokens to trust and which checks passed. */
const OUTBOUND_URLS = ["SUPABASE_URL", "SUPABASE_JWKS_URL", "SUMSUB_BASE_URL"] as const;

/** Values every CLI install prints or this repository ships: anyone can sign with them. */
const PUBLIC_VALUES: Partial<Record<keyof z.infer<typeof envSchema>, readonly string[]>> = {
  SUPABASE_ANON_KEY: [LOCAL_SUPABASE.anonKey, LOCAL_SUPABASE.publishableKey],
  SUPABASE_SERVICE_ROLE_KEY: [LOCAL_SUPABASE.serviceRoleKey, LOCAL_SUPABASE.secretKey],
  SUPABASE_JWT_SECRET: [LOCAL_SUPABASE.jwtSecret],
  SUMSUB_APP_TOKEN: [LOCAL_IDENTITY.appToken],
  SUMSUB_SECRET_KEY: [LOCAL_IDENTITY.secretKey],
  SUMSUB_WEBHOOK_SECRET: [LOCAL_IDENTITY.webhookSecret],
};

function problemsOf(e: z.infer<typeof envSchema>): string[] {
  const problems: string[] = [];
  if (e.NODE_ENV === "production") {
    for (const name of REQUIRED_IN_PRODUCTION) if (!e[name]) problems.push(`${name} is required in production`);
    const isPublic = (name: keyof typeof e) => PUBLIC_VALUES[name]?.includes(String(e[name])) ?? false;
    for (const name of Object.keys(PUBLIC_VALUES) as (keyof typeof e)[])
      if (isPublic(name)) problems.push(`${name} is a public local-development value and is refused in production`);
    for (const name of SECRET_SETTINGS) {
      const weakness = e[name] && !isPublic(name) ? secretWeakness(name, e[name]) : undefined;
      if (weakness)
        problems.push(`${weakness}: use ${MIN_SECRET_LENGTH}+ random characters (e.g. openssl rand -base64 32)`);
    }
    if (e.METRICS_PORT !== undefined && !isPrivateAddress(e.METRICS_HOST) && !e.METRICS_PUBLIC_BIND) {
      problems.push(
        `METRICS_HOST=${e.METRICS_HOST} is not a loopback or private address: metrics would be public (set METRICS_PUBLIC_BIND=true if a firewall keeps them in)`,
      );
    }
    // A key typed by hand (all zeros, a repeated byte, a phrase) protects nothing: refused by name.
    const weakness = e.SSN_ENCRYPTION_KEY ? ssnKeyWeakness(e.SSN_ENCRYPTION_KEY) : null;
    if (weakness) problems.push(`SSN_ENCRYPTION_KEY ${weakness}: use \`openssl rand -base64 32\``);
    // Tokens and keys travel to these, and their answers (the JWKS, a GREEN) are not signed: TLS unless on this host.
    for (const name of OUTBOUND_URLS) {
      const url = e[name];
      if (url && !isHttpsOrLoopback(url))
        problems.push(`${name} must be an https:// URL in production (http only to loopback)`);
    }
    if (e.AUTH_MODE === "embedded") {
      problems.push(
        "AUTH_MODE=embedded is refused in production (no auth emulator, mailbox or demo accounts there): use external",
      );
    }
  }
  // Real Sumsub keys with the public local webhook secret would let anyone forge identity results.
  if (e.SUMSUB_APP_TOKEN && e.SUMSUB_SECRET_KEY && !e.SUMSUB_WEBHOOK_SECRET && e.NODE_ENV !== "production") {
    problems.push("SUMSUB_WEBHOOK_SECRET is required with SUMSUB_APP_TOKEN and SUMSUB_SECRET_KEY");
  }
  return problems;
}

/** Loopback or private (RFC 1918, 4193) literal addresses; a host name or 0.0.0.0 is not (nothing resolves names). */
function isPrivateAddress(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, "");
  if (h === "localhost" || h === "::1") return true;
  if (/^(fc|fd)[0-9a-f]{2}:/.test(h)) return true;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/.exec(h);
  if (!v4) return false;
  const [a, b] = [Number(v4[1]), Number(v4[2])];
  return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
}

/** https://, or http:// to a loopback address (a proxy on the same host). */
function isHttpsOrLoopback(url: string): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (u.protocol === "https:") return true;
  const host = u.hostname.replace(/^\[|\]$/g, "");
  return u.protocol === "http:" && (host === "localhost" || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host));
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

export interface Config {
  env: "development" | "production" | "test";
  logLevel: string;
  host: string;
  allowPublicKeys: boolean;
  ports: { app: number; auth: number; mail: number; smtp: number; identity: number };
  dataDir: string;
  database: { kind: "sqlite" } | { kind: "postgres"; url: string; poolSize: number };
  authMode: "embedded" | "external";
  publicAppUrl: string;
  adminApiEnabled: boolean;
  apiDocsEnabled: boolean;
  corsOrigins: string[];
  webDist: string | undefined;
  shutdownDelayMs: number;
  trustProxy: false | string[];
  metrics: { host: string; port: number } | undefined;
  auth: {
    url: string;
    anonKey: string;
    serviceRoleKey: string;
    /** HS256 secret for verifying access tokens: only when given explicitly (a project's legacy secret). */
    jwtSecret: string | undefined;
    jwksUrl: string;
    issuer: string;
    /** How long (ms) a session check is reused: the delay before a sign-out, ban or removed role is seen. */
    sessionCheckTtlMs: number;
  };
  ssnEncryptionKey: string | undefined;
  mail: { smtpUrl: string; from: string };
  /** The embedded mailbox's page and API: undefined host means loopback (the emulator's default). */
  mailbox: { host: string | undefined; token: string | undefined };
  identity: {
    baseUrl: string;
    appToken: string;
    secretKey: string;
    webhookSecret: string;
    levelName: string;
    isRealProvider: boolean;
  };
}

/** CORS origins: PUBLIC_APP_URL's and CORS_ORIGINS; the local dev origins only outside production. */
function corsOriginsOf(e: z.infer<typeof envSchema>, publicAppUrl: string): string[] {
  const listed = e.CORS_ORIGINS?.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const local = [`http://127.0.0.1:${e.APP_PORT}`, "http://localhost:5173", "http://127.0.0.1:5173"];
  const extra = listed ?? (e.NODE_ENV === "production" ? [] : local);
  return [...new Set([originOf(publicAppUrl), ...extra])];
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`));
  }
  const e = parsed.data;
  const problems = problemsOf(e);
  if (problems.length) throw new ConfigError(problems);
  const production = e.NODE_ENV === "production";
  const isRealProvider = Boolean(e.SUMSUB_APP_TOKEN && e.SUMSUB_SECRET_KEY);
  const localhost = (p: number) => `http://localhost:${p}`;
  const authUrl = e.SUPABASE_URL ?? `http://127.0.0.1:${e.AUTH_PORT}`;
  const publicAppUrl = e.PUBLIC_APP_URL ?? localhost(e.APP_PORT);
  return {
    env: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    host: e.HOST,
    allowPublicKeys: e.ALLOW_PUBLIC_KEYS ?? false,
    ports: { app: e.APP_PORT, auth: e.AUTH_PORT, mail: e.MAIL_PORT, smtp: e.SMTP_PORT, identity: e.IDENTITY_PORT },
    dataDir: path.resolve(e.DATA_DIR),
    database: e.DATABASE_URL
      ? { kind: "postgres", url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE }
      : { kind: "sqlite" },
    authMode: e.AUTH_MODE ?? "embedded",
    publicAppUrl,
    adminApiEnabled: e.ADMIN_API_ENABLED ?? !production,
    apiDocsEnabled: e.API_DOCS_ENABLED ?? !production,
    corsOrigins: corsOriginsOf(e, publicAppUrl),
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    shutdownDelayMs: (e.SHUTDOWN_DELAY_SECONDS ?? (production ? 5 : 0)) * 1000,
    trustProxy: e.TRUST_PROXY,
    metrics: e.METRICS_PORT === undefined ? undefined : { host: e.METRICS_HOST, port: e.METRICS_PORT },
    auth: {
      url: authUrl,
      anonKey: e.SUPABASE_ANON_KEY ?? LOCAL_SUPABASE.anonKey,
      serviceRoleKey: e.SUPABASE_SERVICE_ROLE_KEY ?? LOCAL_SUPABASE.serviceRoleKey,
      jwtSecret: e.SUPABASE_JWT_SECRET,
      jwksUrl: e.SUPABASE_JWKS_URL ?? `${authUrl}/auth/v1/.well-known/jwks.json`,
      issuer: e.SUPABASE_JWT_ISSUER ?? `${authUrl.replace(/\/+$/, "")}/auth/v1`,
      sessionCheckTtlMs: e.SESSION_CHECK_TTL_SECONDS * 1000,
    },
    ssnEncryptionKey: e.SSN_ENCRYPTION_KEY,
    mail: { smtpUrl: e.SMTP_URL ?? `smtp://127.0.0.1:${e.SMTP_PORT}`, from: e.MAIL_FROM },
    mailbox: { host: e.MAIL_HOST, token: e.MAIL_TOKEN },
    identity: {
      baseUrl: e.SUMSUB_BASE_URL ?? (isRealProvider ? "https://api.sumsub.com" : `http://127.0.0.1:${e.IDENTITY_PORT}`),
      appToken: e.SUMSUB_APP_TOKEN ?? LOCAL_IDENTITY.appToken,
      secretKey: e.SUMSUB_SECRET_KEY ?? LOCAL_IDENTITY.secretKey,
      webhookSecret: e.SUMSUB_WEBHOOK_SECRET ?? LOCAL_IDENTITY.webhookSecret,
      levelName: e.SUMSUB_LEVEL_NAME,
      isRealProvider,
    },
  };
}
