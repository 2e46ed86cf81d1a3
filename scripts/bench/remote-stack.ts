// Runs a bench target in a child Node process and waits for the one JSON line it prints when
// ready, so the load generator never shares its event loop. The stack child is wrapped as a
// TestStack, so the test support's helpers (founders, sign-in by API) work against it unchanged.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { bundledEntry } from "../node-bundle.mjs";
import type { Config } from "../../server/src/config";
import type { TestStack } from "../../tests/support/stack";

export const READY_PREFIX = "BENCH_READY ";
export const ROOT = path.resolve(fileURLToPath(new URL("../..", import.meta.url)));
const START_TIMEOUT_MS = 60_000;

export interface ServedStack {
  config: Config;
  dataDir: string;
  appUrl: string;
  mailUrl?: string;
  smtpUrl?: string;
  /** The app instance serving BENCH_WEB_DIST, when asked for. */
  webAppUrl?: string;
}

export interface RemoteStack extends TestStack {
  /** Where a browser should load the web app (the BENCH_WEB_DIST instance, else the app). */
  webAppUrl: string;
  /** The child process serving the stack (for its CPU time). */
  pid: number;
}

export interface Child<T> {
  info: T;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** `node --import tsx <entry> [args]`, resolved with the JSON it prints after READY_PREFIX. */
export function spawnReady<T>(entry: string, env: NodeJS.ProcessEnv = {}, args: string[] = []): Promise<Child<T>> {
  return startChild<T>(entry, ["--import", "tsx", entry, ...args], env);
}

/** As spawnReady, from the esbuild bundle `npm start` runs. */
export async function spawnBundledReady<T>(entry: string, env: NodeJS.ProcessEnv = {}): Promise<Child<T>> {
  return startChild<T>(entry, [await bundledEntry(entry)], env);
}

function startChild<T>(entry: string, argv: string[], env: NodeJS.ProcessEnv): Promise<Child<T>> {
  const child = spawn(process.execPath, argv, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  return new Promise((resolve, reject) => {
    let buffered = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${path.basename(entry)} not ready within ${START_TIMEOUT_MS} ms\n${stderr}`));
    }, START_TIMEOUT_MS);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${path.basename(entry)} exited with ${code} before it was ready\n${stderr}`));
    });
    child.stdout?.on("data", (d: Buffer) => {
      buffered += d.toString();
      const line = buffered.split("\n").find((l) => l.startsWith(READY_PREFIX));
      if (!line) return;
      clearTimeout(timer);
      child.removeAllListeners("exit");
      // Keep draining stdout so the child never blocks on a full pipe.
      child.stdout?.removeAllListeners("data");
      child.stdout?.resume();
      resolve({ info: JSON.parse(line.slice(READY_PREFIX.length)) as T, process: child, stop: () => stopChild(child) });
    });
  });
}

/** SIGTERM, then SIGKILL if the child has not exited within 5 s. */
export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill("SIGKILL"), 5000);
    child.once("exit", () => resolve(void clearTimeout(kill)));
    child.kill("SIGTERM");
  });
}

/** The whole stack in a child process (serve-stack.ts), shaped as the TestStack the test helpers take. */
export async function startRemoteStack(opts: { webDist?: string } = {}): Promise<RemoteStack> {
  const env = opts.webDist ? { BENCH_WEB_DIST: opts.webDist } : {};
  const {
    info,
    process: child,
    stop,
  } = await spawnReady<ServedStack>(path.join(ROOT, "scripts/bench/serve-stack.ts"), env);
  const remote = (url: string) => ({ url, close: async () => undefined });
  return {
    config: info.config,
    dataDir: info.dataDir,
    app: remote(info.appUrl),
    auth: {
      ...remote(info.config.auth.url),
      reset: () => Promise.reject(new Error("not on a stack in another process")),
    },
    mail: info.mailUrl && info.smtpUrl ? { ...remote(info.mailUrl), smtpUrl: info.smtpUrl } : undefined,
    webAppUrl: info.webAppUrl ?? info.appUrl,
    pid: child.pid!,
    close: stop,
  };
}
