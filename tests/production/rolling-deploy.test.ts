// A rolling deploy with no failed request (docs/deploying.md, "A rolling deploy"): two instances
// of this release (NODE_ENV=production, the real start command, PostgreSQL migrated by the real
// `npm run db:migrate`) behind a balancer that honours readiness (tests/support/balancer.ts), under
// steady load from founders with real tokens (reads and writes through the balancer); then the next
// release's expand migration (a column added, tests/production/next-release.ts) and the next release rolled
// instance by instance: a new instance started and ready, then an old one sent SIGTERM (readiness
// 503 while it still serves, then it drains and exits). Every request must succeed, every
// acknowledged write must be read back, and both releases must have served.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startAppProcess, type AppProcess } from "../support/app";
import { startBalancer, type Balancer } from "../support/balancer";
import { startDeployment, type Deployment } from "../support/deployment";
import { appAt, founderAt, type ApiFounder } from "../support/founders";
import { call } from "../support/http";
import { freePort } from "../support/ports";
import { startPostgres, type PostgresServer } from "../support/postgres";
import { nextReleaseAddingColumn, type NextRelease } from "./next-release";

const FOUNDERS = 4;
/** Seconds of load before the roll and after it. */
const STEADY_MS = 2000;

let postgres: PostgresServer | undefined;
let deployment: Deployment | undefined;
let balancer: Balancer | undefined;
let next: NextRelease | undefined;
let directUrl = "";
const started: AppProcess[] = [];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ff-rolling-"));

beforeAll(async () => {
  postgres = await startPostgres();
  directUrl = postgres.url(await postgres.createDatabase());
  deployment = await startDeployment({
    hosts: ["a.test", "b.test"],
    databaseUrl: directUrl,
    // A short drain delay: the balancer probes every 100 ms.
    env: { DATABASE_POOL_SIZE: "3", SHUTDOWN_DELAY_SECONDS: "2", SKIP_WEB_BUILD: "1" },
  });
  balancer = await startBalancer();
  for (const app of deployment.apps) balancer.add({ url: app.url, release: "current" });
  next = nextReleaseAddingColumn("nickname");
});

afterAll(async () => {
  for (const app of started) await app.stop();
  await balancer?.close();
  await deployment?.close();
  await postgres?.stop();
  next?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Worker {
  founder: ApiFounder;
  acknowledged: number;
  requests: number;
  failures: string[];
}

/** One founder saving their city and reading their record back, over and over, until `stop`. */
async function work(w: Worker, base: string, stop: () => boolean): Promise<void> {
  const headers = w.founder.auth;
  for (let n = 1; !stop(); n++) {
    const saved = await call(base, "PATCH", `/api/persons/${w.founder.personId}`, {
      headers,
      body: { city: `City${n}` },
    }).catch(failure);
    w.requests++;
    if (saved.status !== 200) {
      w.failures.push(`PATCH ${saved.status} ${saved.text.slice(0, 200)}`);
      continue;
    }
    w.acknowledged = n;
    const read = await call(base, "GET", `/api/accounts/${w.founder.accountId}/all_data`, { headers }).catch(failure);
    w.requests++;
    if (read.status !== 200) {
      w.failures.push(`GET ${read.status} ${read.text.slice(0, 200)}`);
      continue;
    }
    const city = (read.json as { persons: Array<{ person_id: number; city: string | null }> }).persons.find(
      (p) => p.person_id === w.founder.personId,
    )?.city;
    if (city !== `City${n}`) w.failures.push(`read ${city} after writing City${n}`);
  }
}

/** A failed call's words, with the socket-level cause fetch keeps in `cause`. */
const failure = (err: Error & { cause?: { code?: string; message?: string } }) => ({
  status: 0,
  text: `${err.message}${err.cause ? ` (${err.cause.code ?? ""} ${err.cause.message ?? ""})` : ""}`,
  json: undefined,
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it("rolls the next release, with its migration, instance by instance: no failed request, no lost write", async () => {
  const d = deployment!;
  const lb = balancer!;
  const release = next!;
  // Both current instances in the balancer's rotation before the load starts.
  for (let i = 0; i < 100 && lb.ready().length < 2; i++) await sleep(100);
  expect(lb.ready()).toHaveLength(2);
  const workers: Worker[] = [];
  for (let i = 0; i < FOUNDERS; i++) {
    const on = appAt(lb.url, d.auth);
    const founder = await founderAt("entry", { on, founder: { roles: ["user"] }, marked: true, daf: false });
    workers.push({ founder, acknowledged: 0, requests: 0, failures: [] });
  }
  let stopped = false;
  const load = Promise.all(workers.map((w) => work(w, lb.url, () => stopped)));
  await sleep(STEADY_MS);

  // 1. The next release migrates (expand): the current instances stay ready.
  await promisify(execFile)("npm", ["run", "--silent", "db:migrate"], {
    cwd: release.root,
    env: { PATH: process.env.PATH ?? "", DATABASE_URL: directUrl },
  });
  await sleep(500);
  expect((await call(d.apps[0]!.url, "GET", "/api/ready")).status).toBe(200);

  // 2. Instance by instance: a new one ready and in the rotation, then an old one drained.
  for (const [i, old] of d.apps.entries()) {
    const port = await freePort();
    const fresh = await startAppProcess(
      {
        ...d.env,
        APP_PORT: String(port),
        PUBLIC_APP_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: path.join(dataDir, `next-${i}`),
      },
      { root: release.root },
    );
    started.push(fresh);
    lb.add({ url: fresh.url, release: "next" });
    await sleep(500);
    expect(await old.stop()).toBe(0);
    lb.remove(old.url);
  }
  await sleep(STEADY_MS);
  stopped = true;
  await load;

  const served = lb.served();
  const requests = workers.reduce((n, w) => n + w.requests, 0);
  console.log(
    `[rolling deploy] ${requests} requests by ${FOUNDERS} founders; answered by release: ${JSON.stringify(served)}; unrouted ${lb.unrouted()}`,
  );
  expect(workers.flatMap((w) => w.failures)).toEqual([]);
  expect(lb.unrouted()).toBe(0);
  expect(served.current).toBeGreaterThan(0);
  expect(served.next).toBeGreaterThan(0);
  // No lost write: each founder's last acknowledged save is what the database holds.
  for (const w of workers) {
    expect(w.acknowledged).toBeGreaterThan(0);
    const read = await call(lb.url, "GET", `/api/accounts/${w.founder.accountId}/all_data`, {
      headers: w.founder.auth,
    });
    expect(
      (read.json as { persons: Array<{ person_id: number; city: string | null }> }).persons.find(
        (p) => p.person_id === w.founder.personId,
      )?.city,
    ).toBe(`City${w.acknowledged}`);
  }
  const client = new pg.Client({ connectionString: directUrl });
  await client.connect();
  try {
    const added = await client.query(
      "SELECT count(*)::int AS n FROM information_schema.columns WHERE table_name = 'person' AND column_name = 'nickname'",
    );
    expect(added.rows).toEqual([{ n: 1 }]);
  } finally {
    await client.end();
  }
});
