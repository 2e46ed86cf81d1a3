// Section "startup": wall time from spawning `npm start`'s command (node scripts/launch.mjs, which runs
// the prebuilt server bundle) to every listener answering, in an empty data folder and in one a
// previous start already filled (median of N runs each).
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { isolatedStackEnv } from "../../tests/support/stack";
import { median, ms, sleep } from "./stats";
import { renderTable } from "./table";
import { ROOT, stopChild } from "./remote-stack";

const LISTENERS = ["app", "auth", "mail", "identity"] as const;
type ListenerName = (typeof LISTENERS)[number];
const READY_TIMEOUT_MS = 30_000;
/** Probe interval: fine enough for a 1.5 s budget, light enough not to steal the CPU being measured. */
const POLL_MS = 20;

/** Spawn to every listener answering (median), and to each one's first answer (the order, the gaps). */
type Started = { medianMs: number; listenersMedianMs: Record<ListenerName, number> };
export type StartupResult = { runs: number; skipWebBuild: boolean; empty: Started; existing: Started };
type StartupRun = Record<ListenerName, number>;

/** The URL on each listener that answers once it is serving (cheap, public, no side effects). */
function probeUrls(env: Record<string, string>): Record<ListenerName, string> {
  return {
    // The first document the browser fetches from the app; cheaper than generating /api/openapi.json.
    app: `http://127.0.0.1:${env.APP_PORT}/app-config.json`,
    auth: `http://127.0.0.1:${env.AUTH_PORT}/auth/v1/health`,
    mail: `http://127.0.0.1:${env.MAIL_PORT}/api/v1/messages`,
    identity: `http://127.0.0.1:${env.IDENTITY_PORT}/health`,
  };
}

/** One plain GET (node:http, no keep-alive: cheaper than fetch while ports are still closed). */
function answers(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, timeout: 1000 }, (res) => {
      res.resume();
      res.on("end", () => resolve((res.statusCode ?? 0) >= 200 && (res.statusCode ?? 0) < 300));
    });
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve(false));
  });
}

/** Spawns `npm start`'s command with `env` and polls each of `probes` until it answers 2xx: ms to each. */
export async function timeToAnswers<K extends string>(
  env: Record<string, string>,
  probes: Record<K, string>,
): Promise<Record<K, number>> {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, "scripts/launch.mjs")], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
  const names = Object.keys(probes) as K[];
  const answered: Partial<Record<K, number>> = {};
  try {
    while (names.some((l) => answered[l] === undefined)) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}\n${stderr}`);
      if (performance.now() - started > READY_TIMEOUT_MS)
        throw new Error(`npm start not ready within ${READY_TIMEOUT_MS} ms\n${stderr}`);
      await Promise.all(
        names
          .filter((l) => answered[l] === undefined)
          .map(async (l) => {
            if (await answers(probes[l])) answered[l] ??= performance.now() - started;
          }),
      );
      await sleep(POLL_MS);
    }
  } finally {
    await stopChild(child);
  }
  return answered as Record<K, number>;
}

async function oneStart(dataDir: string, skipWebBuild: boolean): Promise<StartupRun> {
  const env = await isolatedStackEnv(dataDir);
  return timeToAnswers({ ...env, ...(skipWebBuild ? { SKIP_WEB_BUILD: "1" } : {}) }, probeUrls(env));
}

const ready = (run: StartupRun) => Math.max(...LISTENERS.map((l) => run[l]));
const summarize = (runs: StartupRun[]): Started => ({
  medianMs: median(runs.map(ready)),
  listenersMedianMs: Object.fromEntries(LISTENERS.map((l) => [l, median(runs.map((r) => r[l]))])) as StartupRun,
});

export async function benchStartup(opts: { runs: number; log: (line: string) => void }): Promise<StartupResult> {
  const skipWebBuild = fs.existsSync(path.join(ROOT, "web/dist/index.html"));
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "ff-bench-start-"));
  try {
    // One unmeasured start first, so the server bundle is built (as the first `npm start` after a
    // change does) and every measured run starts from it alike.
    const existingDir = path.join(tmp, "existing");
    await oneStart(existingDir, skipWebBuild);
    const empty: StartupRun[] = [];
    const existing: StartupRun[] = [];
    for (let i = 0; i < opts.runs; i++) {
      empty.push(await oneStart(path.join(tmp, `empty-${i}`), skipWebBuild));
      existing.push(await oneStart(existingDir, skipWebBuild));
      opts.log(`  start-up ${i + 1}/${opts.runs}: empty ${ms(ready(empty[i]!))}, existing ${ms(ready(existing[i]!))}`);
    }
    return { runs: opts.runs, skipWebBuild, empty: summarize(empty), existing: summarize(existing) };
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

export function startupTables(r: StartupResult): string {
  const order = ["mail", "auth", "identity", "app"] as const;
  return renderTable(
    `Start-up: spawn → every listener answering (median of ${r.runs}; web build ${r.skipWebBuild ? "present, SKIP_WEB_BUILD=1" : "built on first start"})`,
    ["data folder", "all ready", ...order.map((l) => `${l} up`)],
    [
      ["empty", ms(r.empty.medianMs), ...order.map((l) => ms(r.empty.listenersMedianMs[l]))],
      ["existing", ms(r.existing.medianMs), ...order.map((l) => ms(r.existing.listenersMedianMs[l]))],
    ],
  );
}
