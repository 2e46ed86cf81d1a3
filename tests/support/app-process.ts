// One app instance as its own process, started by the real start command (`npm start` runs
// scripts/launch.mjs) with the environment a deployment gives it, and ready once GET /api/ready
// answers 200 (database reachable, schema current): what an orchestrator waits for.
import { spawn } from "node:child_process";
import path from "node:path";
import { ROOT } from "./web-build";

export interface AppProcess {
  url: string;
  pid: number;
  /** What the process printed so far (stdout and stderr). */
  output(): string;
  /** SIGTERM (graceful shutdown) and its exit code; SIGKILL after 15 s. */
  stop(): Promise<number | null>;
}

const READY_TIMEOUT_MS = 90_000;

/** env must carry APP_PORT (and HOST if not 127.0.0.1); the rest of the process environment is not passed on. */
export async function startAppProcess(env: Record<string, string>): Promise<AppProcess> {
  const host = env.HOST ?? "127.0.0.1";
  const url = `http://${host}:${env.APP_PORT}`;
  const proc = spawn(process.execPath, [path.join(ROOT, "scripts/launch.mjs")], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  proc.stdout.on("data", (c: Buffer) => (output += c.toString()));
  proc.stderr.on("data", (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => proc.once("exit", (code) => resolve(code)));
  const killOnExit = () => proc.kill("SIGKILL");
  process.once("exit", killOnExit);
  void exited.then(() => process.off("exit", killOnExit));

  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`app on ${url} exited with ${proc.exitCode} before it was ready:\n${output.slice(-2000)}`);
    const ready = await fetch(`${url}/api/ready`).then((r) => r.ok, () => false);
    if (ready) break;
    if (Date.now() > deadline) {
      proc.kill("SIGKILL");
      throw new Error(`app on ${url} not ready in ${READY_TIMEOUT_MS / 1000} s:\n${output.slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: proc.pid!,
    output: () => output,
    stop: async () => {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGTERM");
      const timer = setTimeout(() => proc.kill("SIGKILL"), 15_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}
