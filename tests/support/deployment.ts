// A production-shaped deployment on this machine, in docs/deploying.md's order: the database
// migrated by `npm run db:migrate` (or a shared SQLite file), the auth emulator's CLI as the auth
// project with secrets of its own, the identity emulator, then N instances through `npm start`.
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startIdentityEmulator, type IdentityEmulator } from "../../server/identity-emulator/index";
import { startAppProcess, type AppProcess } from "./app";
import { freePort, retryOnPortClash } from "./ports";
import { ROOT } from "./web-build";
import { scaled } from "./machine";

export interface DeploymentOptions {
  /** Each instance's public host name (PUBLIC_APP_URL, the auth project's redirect list); one instance per name. */
  hosts: string[];
  /** postgres://… the instances use (a transaction-mode pooler, as docs/deploying.md says); unset: SQLite in a data folder all instances share. */
  databaseUrl?: string;
  /** postgres://… `npm run db:migrate` uses: the direct connection (default databaseUrl). */
  migrateUrl?: string;
  /** Makes the web build to serve (WEB_DIST) with the production VITE_* settings for these services; returns its folder. */
  webDist?: (services: { auth: AuthProject; identity: Deployment["identity"] }) => string;
  env?: Record<string, string>;
  /** The bench's: fill the auth project's and SQLite's folders before anything starts; change the auth config.toml. */
  prepare?: (folders: { authData: string; appData: string }) => Promise<void>;
  authConfig?: (toml: string) => string;
}

export interface AuthProject {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  jwksUrl: string;
  mailUrl: string;
  smtpUrl: string;
}

export interface Deployment {
  auth: AuthProject;
  identity: { url: string; appToken: string; secretKey: string; webhookSecret: string };
  apps: AppProcess[];
  origins: string[];
  migrateOutput: string;
  /** The environment every instance got (without APP_PORT, PUBLIC_APP_URL, DATA_DIR). */
  env: Record<string, string>;
  close(): Promise<void>;
}

const secret = (bytes = 32) => crypto.randomBytes(bytes).toString("base64url");

/** The repository's config.toml with this deployment's site URL and redirects, beside the mail templates. */
function projectConfig(root: string, origins: string[], change: (toml: string) => string = (t) => t): string {
  const dir = path.join(root, "supabase");
  fs.cpSync(path.join(ROOT, "supabase/templates"), path.join(dir, "templates"), { recursive: true });
  const toml = fs
    .readFileSync(path.join(ROOT, "supabase/config.toml"), "utf8")
    .replace(/^site_url = .*$/m, `site_url = "${origins[0]}"`)
    .replace(
      /^additional_redirect_urls = \[[^\]]*\]/m,
      `additional_redirect_urls = [${origins.map((o) => `"${o}/**"`).join(", ")}]`,
    );
  const file = path.join(dir, "config.toml");
  fs.writeFileSync(file, change(toml));
  return file;
}

/** The auth emulator's CLI as its own process; resolves with the keys and addresses it prints. */
async function startAuthProject(
  dir: string,
  origins: string[],
  authConfig?: (toml: string) => string,
): Promise<{ project: AuthProject; proc: ChildProcess }> {
  const [port, mailPort, smtpPort] = await Promise.all([freePort(), freePort(), freePort()]);
  const url = `http://127.0.0.1:${port}`;
  const args = [
    path.join(ROOT, "supabase/emulator/bin/auth-emulator.mjs"),
    "--config",
    projectConfig(dir, origins, authConfig),
    "--host",
    "127.0.0.1",
    "--port",
    String(port),
    "--public-url",
    url,
    "--data",
    path.join(dir, "auth-data"),
    // --flag=value: a base64url secret may start with "-", which parseArgs would take for an option.
    `--jwt-secret=${secret()}`,
    "--mail-port",
    String(mailPort),
    "--smtp-port",
    String(smtpPort),
    "--bcrypt-cost",
    "10", // as deployed: GoTrue's cost, not the emulator's cheap default
    ...origins.flatMap((o) => ["--cors-origin", o]),
  ];
  const proc = spawn(process.execPath, args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  const killOnExit = () => proc.kill("SIGKILL");
  process.once("exit", killOnExit);
  proc.once("exit", () => process.off("exit", killOnExit));
  let output = "";
  proc.stderr!.on("data", (c: Buffer) => (output += c.toString()));
  const printed = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`auth emulator not ready in ${scaled(30_000) / 1000} s:\n${output}`)),
      scaled(30_000),
    );
    proc.stdout!.on("data", (c: Buffer) => {
      output += c.toString();
      if (/\[auth\] mailbox /.test(output)) {
        clearTimeout(timer);
        resolve(output);
      }
    });
    proc.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`auth emulator exited with ${code}:\n${output}`));
    });
  });
  const line = (label: string) => {
    const m = new RegExp(`\\[auth\\] ${label}:? (\\S+)`).exec(printed);
    if (!m?.[1]) throw new Error(`auth emulator printed no ${label}:\n${printed}`);
    return m[1];
  };
  return {
    proc,
    project: {
      url,
      anonKey: line("anon key"),
      serviceRoleKey: line("service_role key"),
      jwksUrl: `${url}/auth/v1/.well-known/jwks.json`,
      mailUrl: line("mailbox"),
      smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    },
  };
}

/** `npm run db:migrate` as a deploy runs it, before any instance starts. */
function migrate(env: Record<string, string>): string {
  return execFileSync("npm", ["run", "--silent", "db:migrate"], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", ...env },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
}

export async function startDeployment(opts: DeploymentOptions): Promise<Deployment> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ff-deploy-"));
  const stops: Array<() => Promise<unknown>> = [async () => fs.rmSync(dir, { recursive: true, force: true })];
  const close = async () => {
    for (const stop of stops.splice(0).reverse()) await stop().catch(() => undefined);
  };
  try {
    const ports = await Promise.all(opts.hosts.map(() => freePort()));
    const origins = opts.hosts.map((host, i) => `http://${host}:${ports[i]}`);

    const sharedData = path.join(dir, "app-data");
    await opts.prepare?.({ authData: path.join(dir, "auth-data"), appData: sharedData });
    const { project: auth, proc: authProc } = await retryOnPortClash(() =>
      startAuthProject(dir, origins, opts.authConfig),
    );
    stops.push(
      () =>
        new Promise<void>((resolve) => {
          if (authProc.exitCode !== null) return resolve();
          authProc.once("exit", () => resolve());
          authProc.kill("SIGTERM");
        }),
    );

    const credentials = { appToken: `prd:${secret()}`, secretKey: secret(), webhookSecret: secret() };
    const identityEmulator: IdentityEmulator = await retryOnPortClash(async () => {
      const port = await freePort();
      return startIdentityEmulator({
        host: "127.0.0.1",
        port,
        publicUrl: `http://127.0.0.1:${port}`,
        ...credentials,
        // Sumsub calls the one webhook address a deployment registers.
        webhookUrl: `http://127.0.0.1:${ports[0]}/api/sumsub/webhook`,
        quiet: true,
      });
    });
    const identity = { url: identityEmulator.url, ...credentials };
    stops.push(() => identityEmulator.close());

    const database: Record<string, string> = opts.databaseUrl
      ? { DATABASE_URL: opts.databaseUrl }
      : { DATA_DIR: sharedData };
    const migrateOutput = migrate(opts.migrateUrl ? { DATABASE_URL: opts.migrateUrl } : database);

    const env: Record<string, string> = {
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
      AUTH_MODE: "external",
      SUPABASE_URL: auth.url,
      SUPABASE_ANON_KEY: auth.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: auth.serviceRoleKey,
      SUPABASE_JWKS_URL: auth.jwksUrl,
      // One key for every instance: each must read the SSNs the others stored.
      SSN_ENCRYPTION_KEY: crypto.randomBytes(32).toString("base64"),
      SMTP_URL: auth.smtpUrl,
      MAIL_FROM: "Founder Foundation <no-reply@founder.test>",
      SUMSUB_BASE_URL: identity.url,
      SUMSUB_APP_TOKEN: identity.appToken,
      SUMSUB_SECRET_KEY: identity.secretKey,
      SUMSUB_WEBHOOK_SECRET: identity.webhookSecret,
      ...database,
      ...(opts.webDist ? { WEB_DIST: opts.webDist({ auth, identity }) } : {}),
      ...opts.env,
    };
    const apps: AppProcess[] = [];
    // One after the other: the first start may build the server bundle the others then reuse.
    for (const [i, origin] of origins.entries()) {
      const app = await startAppProcess({
        ...env,
        APP_PORT: String(ports[i]),
        PUBLIC_APP_URL: origin,
        DATA_DIR: opts.databaseUrl ? path.join(dir, `instance-${i}`) : sharedData,
      });
      apps.push(app);
      stops.push(() => app.stop());
    }
    return { auth, identity, apps, origins, migrateOutput, env, close };
  } catch (err) {
    await close();
    throw err;
  }
}
