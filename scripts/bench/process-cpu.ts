// CPU time of processes on this machine, read from /proc: what "CPU per request" figures are made
// of. Machine load moves req/s a lot and CPU per request little, so it is the figure to compare runs by.
import { execFileSync } from "node:child_process";
import fs from "node:fs";

const CLOCK_TICKS = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

/** [ppid, CPU seconds of the process and its reaped children] of a process, or undefined once it ended. */
function times(pid: number): [number, number] | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return [Number(f[1]), (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / CLOCK_TICKS];
  } catch {
    return undefined;
  }
}

/** CPU seconds so far of each of `pids`, and of one server with its children (Postgres's postmaster and backends). */
export function cpuSnapshot(pids: number[], serverPid?: number): { apps: number[]; postgres: number } {
  let postgres = 0;
  if (serverPid !== undefined)
    for (const entry of fs.readdirSync("/proc")) {
      const t = /^\d+$/.test(entry) ? times(Number(entry)) : undefined;
      if (t && (Number(entry) === serverPid || t[0] === serverPid)) postgres += t[1];
    }
  return { apps: pids.map((p) => times(p)?.[1] ?? 0), postgres };
}

/** CPU seconds of `pid` while `work` ran. */
export async function cpuSecondsOf<T>(pid: number, work: () => Promise<T>): Promise<{ value: T; cpuS: number }> {
  const before = times(pid)?.[1] ?? 0;
  const value = await work();
  return { value, cpuS: (times(pid)?.[1] ?? 0) - before };
}
