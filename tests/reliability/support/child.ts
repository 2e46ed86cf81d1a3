// Spawns a listener as its own Node process (`node --import tsx <entry>`), waits for its
// "READY <url>" line, and can kill it with SIGKILL: no close hooks, no flush, as a power cut would.
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { REPO_ROOT } from "../../../server/src/app";

export interface Child {
  url: string;
  pid: number;
  /** SIGKILL, and resolves once the process is gone. */
  kill(): Promise<void>;
}

export const CHILD_APP = fileURLToPath(new URL("./child-app.ts", import.meta.url));
export const CHILD_AUTH = fileURLToPath(new URL("./child-auth.ts", import.meta.url));

export async function spawnChild(entry: string, env: Record<string, string>): Promise<Child> {
  const proc: ChildProcess = spawn(process.execPath, ["--import", "tsx", entry], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  proc.stderr!.on("data", (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<void>((resolve) => proc.once("exit", () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`${entry} not ready in 30 s: ${stderr.slice(-500)}`)), 30_000);
    proc.stdout!.on("data", (c: Buffer) => {
      out += c.toString();
      const m = /READY (\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    proc.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${entry} exited with ${code} before ready: ${stderr.slice(-500)}`));
    });
  });
  return {
    url,
    pid: proc.pid!,
    kill: async () => {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGKILL");
      await exited;
    },
  };
}

/** spawnChild on a fresh free port, again if another process took the port first (EADDRINUSE). */
export async function spawnOnFreePort(entry: string, env: (port: number) => Record<string, string>, freePort: () => Promise<number>): Promise<Child> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await spawnChild(entry, env(await freePort()));
    } catch (err) {
      if (attempt >= 3 || !/EADDRINUSE/.test((err as Error).message)) throw err;
    }
  }
}

/** A request that never got an answer because the server died (refused, reset, cut off). */
export function isConnectionFailure(err: unknown): boolean {
  return err instanceof TypeError && /fetch failed|terminated|other side closed/i.test(err.message);
}

/** A random pause in [min, max) ms: where in the write stream the kill lands. */
export function randomPause(min: number, max: number): Promise<void> {
  return new Promise((r) => setTimeout(r, min + Math.floor(Math.random() * (max - min))));
}
