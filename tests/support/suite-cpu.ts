// The CPU a test run costs, every process counted (Chromium re-parents its helpers, so a process
// tree misses them): the run moves into a cgroup of its own and reads its counter at the end, else
// falls back to the machine-wide busy time from /proc/stat and says so.
import fs from "node:fs";
import path from "node:path";

export interface CpuReading {
  seconds: number;
  /** How it was counted, for the printed line. */
  how: string;
}

export interface CpuMeter {
  /** The CPU used since the run's main process started (or since start(), machine-wide). */
  read(): CpuReading;
  /** Leaves the cgroup (processes go back to where they were) and removes it. */
  close(): void;
}

const TICKS_PER_SECOND = 100; // USER_HZ: the unit of /proc/<pid>/stat and /proc/stat on Linux

/** A process's own and its waited-for children's CPU (utime, stime, cutime, cstime), in seconds. */
function processCpuSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and parentheses: count fields after its last ")".
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0) / TICKS_PER_SECOND;
  } catch {
    return 0; // it ended meanwhile
  }
}

/** `pid` and every process below it. */
function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // ended meanwhile
    }
  }
  const tree: number[] = [];
  const queue = [pid];
  while (queue.length) {
    const next = queue.shift()!;
    tree.push(next);
    queue.push(...(children.get(next) ?? []));
  }
  return tree;
}

interface CgroupKind {
  /** The folder of the process's current cgroup in this hierarchy. */
  current: string;
  /** The usage counter of a cgroup folder, in seconds. */
  usage(dir: string): number;
  name: string;
}

/** Where this process's CPU is accounted: cgroup v1's cpuacct hierarchy, else the v2 hierarchy. */
function findCgroup(): CgroupKind | undefined {
  let mounts: string[];
  let own: string[];
  try {
    mounts = fs.readFileSync("/proc/self/mountinfo", "utf8").split("\n");
    own = fs.readFileSync("/proc/self/cgroup", "utf8").split("\n");
  } catch {
    return undefined;
  }
  // mountinfo: "... <mount point> <options> ... - <fs type> <source> <super options>"
  const mountOf = (match: (fsType: string, superOptions: string[]) => boolean) => {
    for (const line of mounts) {
      const [left, right] = line.split(" - ");
      if (!left || !right) continue;
      const [fsType, , superOptions = ""] = right.split(" ");
      if (match(fsType!, superOptions.split(","))) return left.split(" ")[4];
    }
    return undefined;
  };
  const v1Mount = mountOf((type, opts) => type === "cgroup" && opts.includes("cpuacct"));
  const v1Path = own
    .map((l) => l.split(":"))
    .find(([, controllers]) => controllers?.split(",").includes("cpuacct"))?.[2];
  if (v1Mount && v1Path !== undefined) {
    return {
      current: path.join(v1Mount, v1Path),
      usage: (dir) => Number(fs.readFileSync(path.join(dir, "cpuacct.usage"), "utf8")) / 1e9,
      name: "cgroup cpuacct",
    };
  }
  const v2Mount = mountOf((type) => type === "cgroup2");
  const v2Path = own.find((l) => l.startsWith("0::"))?.slice(3);
  if (v2Mount && v2Path !== undefined) {
    const usage = (dir: string) =>
      Number(/usage_usec (\d+)/.exec(fs.readFileSync(path.join(dir, "cpu.stat"), "utf8"))?.[1]) / 1e6;
    return { current: path.join(v2Mount, v2Path), usage, name: "cgroup cpu.stat" };
  }
  return undefined;
}

const CGROUP_PREFIX = "ff-test-run-";

/** Folders of earlier runs that were killed before their end (a folder goes only when empty). */
function removeLeftovers(parent: string): void {
  for (const name of fs.readdirSync(parent)) {
    if (!name.startsWith(CGROUP_PREFIX)) continue;
    try {
      fs.rmdirSync(path.join(parent, name)); // fails while a process is in it: a run still going
    } catch {
      // still in use
    }
  }
}

function cgroupMeter(): CpuMeter | undefined {
  const kind = findCgroup();
  if (!kind) return undefined;
  const dir = path.join(kind.current, `${CGROUP_PREFIX}${process.pid}`);
  try {
    removeLeftovers(kind.current);
  } catch {
    return undefined; // not readable here
  }
  try {
    fs.mkdirSync(dir);
  } catch {
    return undefined; // not writable here
  }
  let before = 0;
  try {
    // Children started before this (vite's helpers) come along; their CPU so far is added below.
    for (const pid of processTree(process.pid)) {
      before += processCpuSeconds(pid);
      fs.writeFileSync(path.join(dir, "cgroup.procs"), String(pid));
    }
  } catch {
    fs.rmdirSync(dir);
    return undefined;
  }
  return {
    read: () => ({ seconds: before + kind.usage(dir), how: `every process of the run, ${kind.name}` }),
    close() {
      try {
        for (const pid of fs.readFileSync(path.join(dir, "cgroup.procs"), "utf8").split("\n").filter(Boolean)) {
          fs.writeFileSync(path.join(kind.current, "cgroup.procs"), pid);
        }
        fs.rmdirSync(dir);
      } catch {
        // ended meanwhile, or cannot move
      }
    },
  };
}

/** Busy time of the whole machine: every field of /proc/stat's "cpu" line but idle and iowait. */
function machineBusySeconds(): number {
  const fields = fs.readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal [guest guest_nice: already inside user and nice]
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
  return (user + nice + system + irq + softirq + steal) / TICKS_PER_SECOND;
}

function machineMeter(): CpuMeter {
  const start = machineBusySeconds();
  const ownSoFar = processCpuSeconds(process.pid);
  return {
    read: () => ({
      seconds: ownSoFar + machineBusySeconds() - start,
      how: "machine-wide busy time from /proc/stat (no writable cgroup): includes anything else that ran meanwhile",
    }),
    close: () => undefined,
  };
}

/** Starts counting (call it in the run's main process before any worker starts). */
export function startCpuMeter(): CpuMeter | undefined {
  if (process.platform !== "linux") return undefined;
  return cgroupMeter() ?? machineMeter();
}
