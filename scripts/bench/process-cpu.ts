// CPU time of processes on this machine, read from /proc: what "CPU per request" figures are made
// of (CPU seconds a server spent while a load ran, divided by the requests it answered). Machine
// load moves req/s a lot and CPU per request little, so it is the figure to compare runs by.
import { execFileSync } from "node:child_process";
import fs from "node:fs";

const CLOCK_TICKS = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

/** [pid, ppid, CPU ticks] of every process, reaped children included (an exited Postgres backend still counts). */
function processTimes(): Array<[number, number, number]> {
  const out: Array<[number, number, number]> = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = statFields(Number(entry));
      out.push([
        Number(entry),
        Number(fields[1]),
        Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]),
      ]);
    } catch {
      // The process ended while we looked.
    }
  }
  return out;
}

/** CPU seconds so far of each of `pids`, of one server and its children (e.g. Postgres's postmaster and backends), and of this process. */
export function cpuSnapshot(
  pids: number[],
  serverPid?: number,
): { apps: number[]; postgres: number; self: number; at: number } {
  const times = processTimes();
  const ticksOf = (pid: number) => times.find(([p]) => p === pid)?.[2] ?? 0;
  const server =
    serverPid === undefined
      ? 0
      : times.filter(([p, pp]) => p === serverPid || pp === serverPid).reduce((sum, [, , t]) => sum + t, 0);
  const self = process.cpuUsage();
  return {
    apps: pids.map((p) => ticksOf(p) / CLOCK_TICKS),
    postgres: server / CLOCK_TICKS,
    self: (self.user + self.system) / 1e6,
    at: performance.now(),
  };
}

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces), from the state on. */
function statFields(pid: number): string[] {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

/** One process's own CPU seconds so far, and its minor page faults (the GC's "slow lot": decision 0160). */
function usage(pid: number): { user: number; system: number; minorFaults: number } {
  const fields = statFields(pid);
  return {
    user: Number(fields[11]) / CLOCK_TICKS,
    system: Number(fields[12]) / CLOCK_TICKS,
    minorFaults: Number(fields[7]),
  };
}

/** CPU seconds (and the system part) and minor page faults of `pid` while `work` ran. */
export async function cpuSecondsOf<T>(
  pid: number,
  work: () => Promise<T>,
): Promise<{ value: T; cpuS: number; systemS: number; minorFaults: number }> {
  const before = usage(pid);
  const value = await work();
  const after = usage(pid);
  const systemS = after.system - before.system;
  return {
    value,
    cpuS: after.user - before.user + systemS,
    systemS,
    minorFaults: after.minorFaults - before.minorFaults,
  };
}
