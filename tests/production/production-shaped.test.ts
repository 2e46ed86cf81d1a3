// The production-shaped run (docs/decisions/0050): NODE_ENV=production on PostgreSQL migrated by the real
// `npm run db:migrate` over the direct connection, two app instances each started as its own
// process by the real start command and reaching the database through PgBouncer in transaction
// mode (as through Supabase's pooler on 6543), the auth emulator as a separate process standing in for a Supabase project (its own JWT
// secret, keys and JWKS; AUTH_MODE=external), the identity emulator standing in for Sumsub with
// credentials of its own, and a web build made with the production VITE_* settings. Chromium
// reaches instance A as http://founder.test:<port> (host resolver rules map the name to 127.0.0.1),
// so the web takes its production branch exactly as a founder's browser would; the founder signs up,
// confirms by mail, enrols a second factor, walks the five steps and approves on A, and instance B
// (http://founder-b.test:<port>) shows the same dashboard and edit screens at once.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, newBrowserContext } from "../support/browser";
import { authClient } from "../support/founders";
import { startDeployment, type AuthProject, type Deployment } from "../support/deployment";
import { FORM_ENTRY } from "../support/entry";
import { founderJourney } from "../support/founder-journey";
import { MailboxClient } from "../support/mail";
import { startPgBouncer, startPostgres, type PgBouncer, type PostgresServer } from "../support/postgres";
import { buildWeb } from "../support/web-build";

const HOSTS = ["founder.test", "founder-b.test"] as const;
const SUPPORT_URL = "mailto:support@founder.test";

let postgres: PostgresServer | undefined;
let pooler: PgBouncer | undefined;
let databaseUrl = "";
let deployment: Deployment | undefined;
let browser: Browser | undefined;
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), "ff-production-web-"));

function deployed(): Deployment {
  if (!deployment) throw new Error("the deployment did not start");
  return deployment;
}

beforeAll(async () => {
  postgres = await startPostgres();
  const database = await postgres.createDatabase();
  // As on Supabase: the instances go through a transaction-mode pooler (port 6543 there), the
  // migration through the direct connection.
  pooler = await startPgBouncer(postgres);
  deployment = await startDeployment({
    hosts: [...HOSTS],
    databaseUrl: pooler.url(database),
    migrateUrl: (databaseUrl = postgres.url(database)),
    env: { DATABASE_POOL_SIZE: "5" },
    // What a team's build step does: the production settings of this deployment, given at build time.
    webDist: ({ auth, identity }) => {
      buildWeb({
        outDir: webDist,
        env: {
          VITE_SUPABASE_URL: auth.url,
          VITE_SUPABASE_ANON_KEY: auth.anonKey,
          VITE_IDENTITY_URL: identity.url,
          VITE_SUPPORT_URL: SUPPORT_URL,
        },
      });
      return webDist;
    },
  });
  browser = await launchChromium([`--host-resolver-rules=${HOSTS.map((h) => `MAP ${h} 127.0.0.1`).join(", ")}`]);
});

afterAll(async () => {
  await browser?.close();
  await deployment?.close();
  await pooler?.stop();
  await postgres?.stop();
  fs.rmSync(webDist, { recursive: true, force: true });
});

/**
 * The project's rule that every new account holder gets role `user` (in a real project a trigger on
 * auth.users, see docs/deploying.md), applied through the project's admin API with the service key.
 */
async function grantAccountHolderRole(auth: AuthProject, email: string): Promise<void> {
  const admin = authClient(auth.url, auth.serviceRoleKey);
  const { data, error } = await admin.auth.admin.listUsers({ perPage: 1000 });
  if (error) throw error;
  const user = data.users.find((u) => u.email === email);
  if (!user) throw new Error(`no user ${email} in the auth project`);
  const updated = await admin.auth.admin.updateUserById(user.id, { app_metadata: { roles: ["user"] } });
  if (updated.error) throw updated.error;
}

/** Every request the page makes, and the API answers that were not 2xx/3xx. */
function watch(page: Page): { requests: string[]; failures: string[]; errors: string[] } {
  const seen = { requests: [] as string[], failures: [] as string[], errors: [] as string[] };
  page.on("request", (r) => seen.requests.push(r.url()));
  page.on("response", (r) => {
    if (new URL(r.url()).pathname.startsWith("/api/") && r.status() >= 400)
      seen.failures.push(`${r.status()} ${r.url()}`);
  });
  page.on("pageerror", (err) => seen.errors.push(err.message));
  return seen;
}

async function newContext(origin: string): Promise<BrowserContext> {
  if (!browser) throw new Error("browser not started");
  return newBrowserContext(browser, { baseURL: origin, viewport: { width: 1280, height: 800 } });
}

describe("production-shaped deployment: Postgres, two instances, auth and identity services apart, production web build", () => {
  let session: Array<[string, string]> = [];
  const today = new Date();
  const submittedOn = `Submitted ${today.getMonth() + 1}/${today.getDate()}/${today.getFullYear()}`;

  it("is deployed as docs/deploying.md says: migrated by npm run db:migrate, both instances ready, dev-only surfaces off", async () => {
    const d = deployed();
    expect(d.migrateOutput).toMatch(/Database migrated: applied .+; schema is current/);
    for (const app of d.apps) {
      const ready = await fetch(`${app.url}/api/ready`);
      expect(ready.status).toBe(200);
      // Production: no API docs, no dev-only admin API.
      expect((await fetch(`${app.url}/api/docs`)).status).toBe(404);
      expect((await fetch(`${app.url}/api/admin/users`)).status).not.toBe(200);
    }
    expect(d.apps[0]!.pid).not.toBe(d.apps[1]!.pid);
  });

  it("instance A: sign up, confirm by mail, second factor, the five steps and Approve, on the web's production branch", async () => {
    const d = deployed();
    const context = await newContext(d.origins[0]!);
    const page = await context.newPage();
    const seen = watch(page);
    const journey = founderJourney({
      mailbox: new MailboxClient(d.auth.mailUrl),
      afterSignUp: (email) => grantAccountHolderRole(d.auth, email),
    });
    for (const [name, run] of journey.steps) {
      try {
        await run(page);
      } catch (err) {
        throw new Error(`journey step "${name}" failed on ${page.url()}: ${(err as Error).message}`, { cause: err });
      }
    }
    await page.getByText(submittedOn).waitFor();

    // The production branch: the settings came from the build (no /app-config.json, which only
    // development hosts read), the auth project and the identity service are the deployment's own.
    const origins = new Set(seen.requests.map((u) => new URL(u).origin));
    expect(seen.requests.some((u) => new URL(u).pathname === "/app-config.json")).toBe(false);
    expect(origins).toContain(d.origins[0]);
    expect(origins).toContain(new URL(d.auth.url).origin);
    expect(origins).toContain(new URL(d.identity.url).origin);
    expect([...origins].filter((o) => o.includes("localhost"))).toEqual([]);
    expect(await page.getByText("User Management (Dev)").count()).toBe(0);
    expect(seen.failures).toEqual([]);
    expect(seen.errors).toEqual([]);

    // The same browser session (what a load balancer in front of both instances would carry).
    session = JSON.parse(await page.evaluate<string>("JSON.stringify(Object.entries(localStorage))")) as Array<
      [string, string]
    >;
    expect(session.some(([key]) => key.endsWith("-auth-token"))).toBe(true);
    await context.close();
  });

  it("instance B shows the same dashboard and edit screens at once", async () => {
    const d = deployed();
    expect(session.length).toBeGreaterThan(0);
    const context = await newContext(d.origins[1]!);
    await context.addInitScript(`for (const [k, v] of ${JSON.stringify(session)}) localStorage.setItem(k, v);`);
    const page = await context.newPage();
    const seen = watch(page);
    const { profile: e, organization, daf } = FORM_ENTRY;

    await page.goto("/");
    await page.getByRole("heading", { name: "Foundations" }).waitFor();
    await page.getByText(submittedOn).waitFor();
    await page.getByText(organization.name_1).first().waitFor();

    await page.goto("/edit-foundation");
    await expect.poll(() => page.getByLabel("First choice").inputValue()).toBe(organization.name_1);
    expect(await page.getByLabel("Second choice").inputValue()).toBe(organization.name_2);

    await page.goto("/edit-profile");
    await expect.poll(() => page.getByLabel("City").inputValue()).toBe(e.city);
    expect(await page.getByLabel("First name").inputValue()).toBe(e.first_name);
    expect(await page.getByLabel("SSN").inputValue()).toBe(`***-**-${e.ssn.slice(-4)}`);

    await page.goto("/edit-daf");
    await expect.poll(() => page.getByLabel("Custom DAF Name").inputValue()).toBe(daf.donor_advised_fund);

    const apiOrigins = new Set(
      seen.requests.filter((u) => new URL(u).pathname.startsWith("/api/")).map((u) => new URL(u).origin),
    );
    expect([...apiOrigins]).toEqual([d.origins[1]]);
    expect(seen.failures).toEqual([]);
    expect(seen.errors).toEqual([]);
    await context.close();
  });

  it("the record is in PostgreSQL, submitted, with the SSN encrypted", async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const org = await client.query<{ name_1: string; entry_completed_at: string | null }>(
        "SELECT o.name_1, s.entry_completed_at FROM organization o JOIN strategy s ON s.strategy_id = o.strategy_id",
      );
      expect(org.rows).toEqual([{ name_1: FORM_ENTRY.organization.name_1, entry_completed_at: expect.any(String) }]);
      const persons = await client.query<{ ssn_encrypted: string | null }>(
        "SELECT ssn_encrypted FROM person WHERE account_primary_holder",
      );
      expect(persons.rows).toHaveLength(1);
      expect(persons.rows[0]!.ssn_encrypted).toMatch(/\S{20,}/);
      expect(persons.rows[0]!.ssn_encrypted).not.toContain(FORM_ENTRY.profile.ssn);
    } finally {
      await client.end();
    }
  });

  it("both instances shut down cleanly on SIGTERM (exit 0)", async () => {
    const d = deployed();
    const codes = await Promise.all(d.apps.map((app) => app.stop()));
    expect(codes).toEqual([0, 0]);
  });
});
