// Section 1, start-up: wall time from spawning `npm start`'s command (node scripts/launch.mjs,
// which runs the prebuilt server bundle) to every listener answering, in an empty data folder and in one a previous
// start already filled (median of N runs each), plus a profile of where that time goes.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { isolatedStackEnv } from "../../tests/support/stack";
import { median, sleep } from "./stats";
import { ROOT, spawnReady, stopChild } from "./remote-stack";
import type { PhaseProfile } from "./startup-phases";
import { busyMs, monotonicUs, summarizeProfile, threadProfiles, type ProfileSummary } from "./cpu-profile";

const LISTENERS = ["app", "auth", "mail", "identity"] as const;
type ListenerName = (typeof LISTENERS)[number];
const READY_TIMEOUT_MS = 30_000;
/** Probe interval: fine enough for a 1.5 s budget, light enough not to steal the CPU being measured. */
const POLL_MS = 20;

interface StartupRun {
  /** Spawn to the last listener answering. */
  readyMs: number;
  /** Spawn to each listener's first answer (shows the order and the gaps between them). */
  listeners: Record<ListenerName, number>;
}

export interface StartupResult {
  runs: number;
  skipWebBuild: boolean;
  empty: { medianMs: number; runs: StartupRun[]; listenersMedianMs: Record<ListenerName, number> };
  existing: { medianMs: number; runs: StartupRun[]; listenersMedianMs: Record<ListenerName, number> };
  profile: {
    plainNodeMs: number;
    empty: PhaseProfile;
    existing: PhaseProfile;
    /** Through tsx (`npm run start:tsx`) with its compile cache disabled: what the loader costs. */
    coldCompile: PhaseProfile;
    /** `npm start` run once under --cpu-prof (empty data folder), spawn to ready. */
    cpu?: { readyMs: number; main: ProfileSummary; mainBusyMs: number; loaderBusyMs: number; loader?: ProfileSummary };
  };
}

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

async function oneStart(dataDir: string, skipWebBuild: boolean, nodeArgs: string[] = []): Promise<StartupRun> {
  const env = await isolatedStackEnv(dataDir);
  const urls = probeUrls(env);
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, path.join(ROOT, "scripts/launch.mjs")], {
    cwd: ROOT,
    env: { ...process.env, ...env, ...(skipWebBuild ? { SKIP_WEB_BUILD: "1" } : {}) },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
  const listeners: Partial<Record<ListenerName, number>> = {};
  try {
    while (LISTENERS.some((l) => listeners[l] === undefined)) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}\n${stderr}`);
      if (performance.now() - started > READY_TIMEOUT_MS)
        throw new Error(`npm start not ready within ${READY_TIMEOUT_MS} ms\n${stderr}`);
      await Promise.all(
        LISTENERS.filter((l) => listeners[l] === undefined).map(async (l) => {
          if (await answers(urls[l])) listeners[l] ??= performance.now() - started;
        }),
      );
      await sleep(POLL_MS);
    }
  } finally {
    await stopChild(child);
  }
  const done = listeners as Record<ListenerName, number>;
  return { readyMs: Math.max(...LISTENERS.map((l) => done[l])), listeners: done };
}

function summarize(runs: StartupRun[]) {
  const listenersMedianMs = Object.fromEntries(
    LISTENERS.map((l) => [l, median(runs.map((r) => r.listeners[l]))]),
  ) as Record<ListenerName, number>;
  return { medianMs: median(runs.map((r) => r.readyMs)), runs, listenersMedianMs };
}

async function profileOnce(dataDir: string, extraEnv: Record<string, string> = {}): Promise<PhaseProfile> {
  const env = await isolatedStackEnv(dataDir);
  const child = await spawnReady<PhaseProfile>(path.join(ROOT, "scripts/bench/startup-phases.ts"), {
    ...env,
    ...extraEnv,
  });
  await stopChild(child.process);
  return child.info;
}

/** Median wall time of `node -e 0`: the machine's own speed right now, as a unit for the rest. */
/** One empty-folder start under --cpu-prof; only the samples between spawn and ready count. */
async function profiledStart(
  dataDir: string,
  skipWebBuild: boolean,
): Promise<NonNullable<StartupResult["profile"]["cpu"]>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ff-bench-start-prof-"));
  try {
    const fromUs = monotonicUs();
    const run = await oneStart(dataDir, skipWebBuild, ["--cpu-prof", `--cpu-prof-dir=${dir}`]);
    const window = { fromUs, toUs: fromUs + run.readyMs * 1000 };
    const files = threadProfiles(dir);
    if (!files.main) throw new Error("the profiled start wrote no main-thread .cpuprofile");
    const main = summarizeProfile(files.main, ROOT, { window });
    const loaders = files.others.map((f) => summarizeProfile(f, ROOT, { window }));
    const loader = loaders.sort((a, b) => busyMs(b) - busyMs(a))[0];
    return { readyMs: run.readyMs, main, mainBusyMs: busyMs(main), loaderBusyMs: loader ? busyMs(loader) : 0, loader };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function plainNodeMs(): number {
  return median(
    Array.from({ length: 5 }, () => {
      const start = performance.now();
      spawnSync(process.execPath, ["-e", "0"]);
      return performance.now() - start;
    }),
  );
}

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
      opts.log(
        `  start-up run ${i + 1}/${opts.runs}: empty ${Math.round(empty[i]!.readyMs)} ms, existing ${Math.round(existing[i]!.readyMs)} ms`,
      );
    }
    const profile = {
      plainNodeMs: plainNodeMs(),
      empty: await profileOnce(path.join(tmp, "profile-empty")),
      existing: await profileOnce(existingDir),
      coldCompile: await profileOnce(path.join(tmp, "profile-cold"), { TSX_DISABLE_CACHE: "1" }),
      cpu: await profiledStart(path.join(tmp, "cpu-profile"), skipWebBuild),
    };
    return { runs: opts.runs, skipWebBuild, empty: summarize(empty), existing: summarize(existing), profile };
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
