// Production refuses to start with a public local value, a weak secret, plain http to a provider or
// the embedded stand-ins: the real start command (`npm start`'s script) exits non-zero with one line
// naming the setting, before anything listens.
import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LOCAL_IDENTITY, LOCAL_SUPABASE } from "../../server/src/config";
import { REPO_ROOT } from "../../server/src/app";
import { PRODUCTION_ENV } from "../support/production-env";

const PRODUCTION = {
  ...PRODUCTION_ENV,
  // Ports nothing else uses: if a refusal failed, the stack would try to listen here.
  APP_PORT: "1",
  SKIP_WEB_BUILD: "1",
};

function start(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    // `npm start`'s own entry: the node side bundled once (scripts/launch.mjs), not loaded through tsx at each start.
    const child = spawn(process.execPath, [path.join(REPO_ROOT, "scripts/launch.mjs")], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr.on("data", (c: Buffer) => (output += c.toString()));
    child.on("close", (code) => resolve({ code, output }));
  });
}

/** The local stand-ins' public values: production refuses each one, naming it. */
const publicValues: Record<string, string> = {
  SUPABASE_ANON_KEY: LOCAL_SUPABASE.anonKey,
  SUPABASE_SERVICE_ROLE_KEY: LOCAL_SUPABASE.serviceRoleKey,
  SUPABASE_JWT_SECRET: LOCAL_SUPABASE.jwtSecret,
  SUMSUB_APP_TOKEN: LOCAL_IDENTITY.appToken,
  SUMSUB_SECRET_KEY: LOCAL_IDENTITY.secretKey,
  SUMSUB_WEBHOOK_SECRET: LOCAL_IDENTITY.webhookSecret,
};

type Refusal = [name: string, change: Record<string, string>, line: string];

const refused: Refusal[] = [
  ...Object.entries(publicValues).map(([name, value]): Refusal => [
    name,
    { [name]: value },
    `${name} is a public local-development value`,
  ]),
  ["AUTH_MODE=embedded", { AUTH_MODE: "embedded" }, "AUTH_MODE=embedded is refused in production"],
  ["AUTH_MODE unset", { AUTH_MODE: "" }, "AUTH_MODE is required in production"],
  ["a one-letter JWT secret", { SUPABASE_JWT_SECRET: "a" }, "SUPABASE_JWT_SECRET must be at least 32 characters"],
  [
    "the self-hosting template's JWT secret",
    { SUPABASE_JWT_SECRET: "your-super-secret-jwt-token-with-at-least-32-characters-long" },
    "SUPABASE_JWT_SECRET is an example published in Supabase's documentation",
  ],
  [
    "plain http to Sumsub",
    { SUMSUB_BASE_URL: "http://api.sumsub.example" },
    "SUMSUB_BASE_URL must be an https:// URL in production",
  ],
];

describe("production start", () => {
  it.each(refused)("refuses %s with one line naming it and a non-zero exit", async (_name, change, line) => {
    const env = Object.fromEntries(Object.entries({ ...PRODUCTION, ...change }).filter(([, v]) => v !== ""));
    const { code, output } = await start(env);
    expect(code).not.toBe(0);
    expect(output).toContain(line);
    expect(output.split("\n").filter((l) => l.startsWith("  - "))).toHaveLength(1);
    expect(output).not.toMatch(/is running/);
  });
});
