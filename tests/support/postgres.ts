// A real PostgreSQL for tests: Debian's binaries, initdb into a throwaway folder on a free port (as the
// `postgres` user when root); TEST_DATABASE_URL uses an existing server. Files copy a migrated template.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { PG_MIGRATIONS_FOLDER, migratePostgres, openPostgres } from "../../db/postgres";
import { committedMigrations } from "../../db/schema-version";
import { ENUM_SEED } from "../../db/enums";
import { freePort, retryOnPortClash } from "./ports";
import { PGBOUNCER_BIN, POSTGRES_BIN, describeMissing, missingSystemNeeds } from "./system-deps";
import { scaled } from "./machine";

export interface PostgresServer {
  url(database?: string): string;
  pid: number | undefined;
  dir: string | undefined;
  /** A new empty database, or a copy of `template`; dropped by stop(). Returns its name. */
  createDatabase(opts?: { template?: string }): Promise<string>;
  /** A template database migrated by `migrate` once per server and `key`, for createDatabase({ template }). */
  template(key: string, migrate: (url: string) => Promise<void>): Promise<string>;
  /** A failover: pause() shuts the server down, resume() restarts it on the same port (not for TEST_DATABASE_URL). */
  pause(): Promise<void>;
  resume(): Promise<void>;
  stop(): Promise<void>;
}

function serviceUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  return { uid: id("-u"), gid: id("-g") };
}

/** A temp folder the service user owns (the server insists its data directory is its own, 0700). */
function serviceFolder(prefix: string, user: { uid: number; gid: number } | undefined): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  if (user) fs.chownSync(dir, user.uid, user.gid);
  // Removed by stop(); and, should the process end without it, at exit (after the kill above).
  process.once("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function runAs(user: { uid: number; gid: number } | undefined, bin: string, args: string[]): void {
  execFileSync(bin, args, { stdio: ["ignore", "pipe", "pipe"], ...(user ?? {}), env: { ...process.env, LC_ALL: "C" } });
}

/** Spawns a long-running service; rejects if it exits before `ready()` says it is up. */
async function spawnService(
  bin: string,
  args: string[],
  user: { uid: number; gid: number } | undefined,
  ready: () => Promise<boolean>,
  what: string,
): Promise<{ proc: ChildProcess; stop(): Promise<void> }> {
  const proc = spawn(bin, args, {
    stdio: ["ignore", "ignore", "pipe"],
    ...(user ?? {}),
    env: { ...process.env, LC_ALL: "C" },
  });
  let stderr = "";
  proc.stderr!.on("data", (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<void>((resolve) => proc.once("exit", () => resolve()));
  // A test run that ends without stop() (a failed beforeAll, an uncaught error) takes it along.
  const killOnExit = () => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGKILL");
  };
  process.once("exit", killOnExit);
  void exited.then(() => process.off("exit", killOnExit));
  const deadline = Date.now() + scaled(30_000);
  for (;;) {
    if (proc.exitCode !== null || proc.signalCode !== null)
      throw new Error(`${what} exited before it was ready: ${stderr.slice(-800)}`);
    if (await ready()) break;
    if (Date.now() > deadline) {
      proc.kill("SIGKILL");
      throw new Error(`${what} not ready in ${scaled(30_000) / 1000} s: ${stderr.slice(-800)}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    proc,
    stop: async () => {
      // SIGINT is Postgres's "fast" shutdown (and PgBouncer's safe one); SIGKILL if it hangs.
      if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGINT");
      const timer = setTimeout(() => proc.kill("SIGKILL"), scaled(10_000));
      await exited;
      clearTimeout(timer);
    },
  };
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

function databaseHelpers(adminUrl: string) {
  const created: string[] = [];
  const templates = new Map<string, Promise<string>>();
  return {
    created,
    async createDatabase(opts: { template?: string } = {}): Promise<string> {
      const name = `ff_test_${crypto.randomBytes(6).toString("hex")}`;
      const from = opts.template ? ` TEMPLATE ${quoteIdent(opts.template)}` : "";
      await admin(adminUrl, (c) => c.query(`CREATE DATABASE ${quoteIdent(name)}${from}`));
      created.push(name);
      return name;
    },
    template(key: string, migrate: (url: string) => Promise<void>): Promise<string> {
      let pending = templates.get(key);
      if (!pending) {
        pending = buildTemplate(adminUrl, key, migrate);
        templates.set(key, pending);
      }
      return pending;
    },
    async dropCreated(): Promise<void> {
      for (const name of created.splice(0)) {
        await admin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`)).catch(
          () => undefined,
        );
      }
    },
  };
}

/** One template per key, serialised by an advisory lock; marked IS_TEMPLATE only once migrated. */
async function buildTemplate(adminUrl: string, key: string, migrate: (url: string) => Promise<void>): Promise<string> {
  const name = `ff_template_${crypto.createHash("sha256").update(key).digest("hex").slice(0, 16)}`;
  await admin(adminUrl, async (c) => {
    await c.query("SELECT pg_advisory_lock(hashtext($1))", [name]);
    try {
      const found = await c.query<{ datistemplate: boolean }>(
        "SELECT datistemplate FROM pg_database WHERE datname = $1",
        [name],
      );
      if (found.rows[0]?.datistemplate) return;
      if (found.rows.length) await c.query(`DROP DATABASE ${quoteIdent(name)} WITH (FORCE)`);
      await c.query(`CREATE DATABASE ${quoteIdent(name)}`);
      await migrate(withDatabase(adminUrl, name));
      // Nobody may stay connected to a template while it is copied.
      await c.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
        [name],
      );
      await c.query(`ALTER DATABASE ${quoteIdent(name)} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
    } finally {
      await c.query("SELECT pg_advisory_unlock(hashtext($1))", [name]);
    }
  });
  return name;
}

/** A server someone else runs: nothing is started or stopped, only the databases made here are dropped. */
function existingServer(external: string, what: string): PostgresServer {
  const helpers = databaseHelpers(external);
  return {
    url: (db = new URL(external).pathname.slice(1) || "postgres") => withDatabase(external, db),
    pid: undefined,
    dir: undefined,
    createDatabase: helpers.createDatabase,
    template: helpers.template,
    pause: () => Promise.reject(new Error(`pause() needs a server of our own, not ${what}`)),
    resume: () => Promise.reject(new Error(`resume() needs a server of our own, not ${what}`)),
    stop: helpers.dropCreated,
  };
}

export const SHARED_POSTGRES_ENV = "FF_SHARED_POSTGRES_URL";

/** The run's shared server, else TEST_DATABASE_URL's, else a fresh one; stop() drops only this file's databases. */
export async function sharedPostgres(): Promise<PostgresServer> {
  const shared = process.env[SHARED_POSTGRES_ENV];
  if (shared) return existingServer(shared, SHARED_POSTGRES_ENV);
  return startPostgres();
}

/** A server of our own, or TEST_DATABASE_URL's; `durable` keeps fsync and synchronous_commit (the bench). */
export async function startPostgres(opts: { durable?: boolean } = {}): Promise<PostgresServer> {
  const external = process.env.TEST_DATABASE_URL;
  if (external) return existingServer(external, "TEST_DATABASE_URL");

  const missing = missingSystemNeeds(["postgres"]);
  if (missing.length) throw new Error(describeMissing(missing));
  const user = serviceUser();
  const dir = serviceFolder("ff-pg-", user);
  const dataDir = path.join(dir, "data");
  try {
    runAs(user, path.join(POSTGRES_BIN, "initdb"), [
      "-D",
      dataDir,
      "-U",
      "postgres",
      "--auth=trust",
      "--encoding=UTF8",
      "--locale=C",
      "--no-sync",
      "--no-instructions",
    ]);
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed: ${(err as { stderr?: Buffer }).stderr?.toString() ?? String(err)}`, { cause: err });
  }

  const launch = (port: number) =>
    spawnService(
      path.join(POSTGRES_BIN, "postgres"),
      [
        "-D",
        dataDir,
        "-p",
        String(port),
        "-k",
        dir,
        "-c",
        "listen_addresses=127.0.0.1",
        // Throwaway data: durability buys nothing here, and fsync would slow every test.
        ...(opts.durable ? [] : ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"]),
        "-c",
        "max_connections=200",
      ],
      user,
      () => answers(`postgres://postgres@127.0.0.1:${port}/postgres`),
      "postgres",
    );

  try {
    // Another process may take the free port between the pick and the bind: a new port then.
    return await retryOnPortClash(async () => {
      const port = await freePort();
      const url = (db = "postgres") => `postgres://postgres@127.0.0.1:${port}/${db}`;
      let service: Awaited<ReturnType<typeof launch>> | undefined = await launch(port);
      const helpers = databaseHelpers(url());
      const server: PostgresServer = {
        url,
        pid: service.proc.pid,
        dir,
        createDatabase: helpers.createDatabase,
        template: helpers.template,
        pause: async () => {
          await service?.stop();
          service = undefined;
        },
        resume: async () => {
          service ??= await launch(port);
          server.pid = service.proc.pid;
        },
        stop: async () => {
          await service?.stop();
          fs.rmSync(dir, { recursive: true, force: true });
        },
      };
      return server;
    });
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

export interface PgBouncer {
  url(database?: string): string;
  pid: number | undefined;
  stop(): Promise<void>;
}

/** Debian's PgBouncer in front of `server` in pool_mode=transaction, as Supabase's pooler. */
export async function startPgBouncer(server: PostgresServer, opts: { poolSize?: number } = {}): Promise<PgBouncer> {
  const missing = missingSystemNeeds(["pgbouncer"]);
  if (missing.length) throw new Error(describeMissing(missing));
  const target = new URL(server.url());
  const user = serviceUser();
  const dir = serviceFolder("ff-pgbouncer-", user);
  const serverUser = decodeURIComponent(target.username || "postgres");
  const serverPassword = decodeURIComponent(target.password);
  const write = (name: string, text: string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text, { mode: 0o600 });
    if (user) fs.chownSync(file, user.uid, user.gid);
    return file;
  };
  // Clients are trusted; the pooler logs in as the server URL's user, who must be in the auth file.
  const authFile = write("userlist.txt", `"${serverUser}" ""\n`);
  try {
    return await retryOnPortClash(async () => {
      const port = await freePort();
      const ini = write(
        "pgbouncer.ini",
        [
          "[databases]",
          `* = host=${target.hostname} port=${target.port || 5432} user=${serverUser}${serverPassword ? ` password=${serverPassword}` : ""}`,
          "[pgbouncer]",
          "listen_addr = 127.0.0.1",
          `listen_port = ${port}`,
          `unix_socket_dir = ${dir}`,
          "auth_type = trust",
          `admin_users = ${serverUser}`,
          `auth_file = ${authFile}`,
          "pool_mode = transaction",
          `default_pool_size = ${opts.poolSize ?? 20}`,
          "max_client_conn = 500",
          // Drivers send these at connect time; the pooler cannot pass them on per transaction.
          "ignore_startup_parameters = extra_float_digits,options",
          "",
        ].join("\n"),
      );
      const url = (db = "postgres") => {
        const u = new URL(server.url(db));
        u.hostname = "127.0.0.1";
        u.port = String(port);
        return u.toString();
      };
      const service = await spawnService(PGBOUNCER_BIN, [ini], user, () => answers(url()), "pgbouncer");
      return {
        url,
        pid: service.proc.pid,
        stop: async () => {
          await service.stop();
          fs.rmSync(dir, { recursive: true, force: true });
        },
      };
    });
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

/** A database of its own for one test file: a copy of the template for this version of the migrations. */
export async function createMigratedDatabase(server: PostgresServer): Promise<string> {
  const key = JSON.stringify([committedMigrations(PG_MIGRATIONS_FOLDER).map((m) => m.hash), ENUM_SEED]);
  const template = await server.template(key, async (url) => {
    const handle = openPostgres(url, { max: 2 });
    try {
      await migratePostgres(handle);
    } finally {
      await handle.close();
    }
  });
  return server.createDatabase({ template });
}
