// The CPU a test run costs, every process counted (Chromium re-parents its helpers, so a process
// tree misses them): the run's main process moves into a cgroup of its own, which everything it
// starts inherits, and reads the cgroup's counter at the end.
import fs from "node:fs";
import path from "node:path";

export interface CpuMeter {
  read(): number;
  /** Leaves the cgroup (back to where the process was) and removes it. */
  close(): void;
}

interface Hierarchy {
  current: string;
  usage(dir: string): number;
}

/** cgroup v1's cpuacct hierarchy, else the v2 one, where they are usually mounted. */
function hierarchy(): Hierarchy | undefined {
  const own = fs.readFileSync("/proc/self/cgroup", "utf8").split("\n");
  const v1 = own.map((l) => l.split(":")).find(([, controllers]) => controllers?.split(",").includes("cpuacct"));
  if (v1?.[2] !== undefined && fs.existsSync("/sys/fs/cgroup/cpuacct/cpuacct.usage"))
    return {
      current: path.join("/sys/fs/cgroup/cpuacct", v1[2]),
      usage: (dir) => Number(fs.readFileSync(path.join(dir, "cpuacct.usage"), "utf8")) / 1e9,
    };
  const v2 = own.find((l) => l.startsWith("0::"))?.slice(3);
  if (v2 !== undefined && fs.existsSync("/sys/fs/cgroup/cgroup.controllers"))
    return {
      current: path.join("/sys/fs/cgroup", v2),
      usage: (dir) => Number(/usage_usec (\d+)/.exec(fs.readFileSync(path.join(dir, "cpu.stat"), "utf8"))?.[1]) / 1e6,
    };
  return undefined;
}

const PREFIX = "ff-test-run-";

/** Starts counting (in the run's main process, before any worker starts); undefined without a writable cgroup. */
export function startCpuMeter(): CpuMeter | undefined {
  try {
    const h = hierarchy();
    if (!h) return undefined;
    // Folders of earlier runs that were killed go once empty (rmdir refuses a folder still in use).
    for (const name of fs.readdirSync(h.current).filter((n) => n.startsWith(PREFIX)))
      fs.promises.rmdir(path.join(h.current, name)).catch(() => undefined);
    const dir = path.join(h.current, `${PREFIX}${process.pid}`);
    fs.mkdirSync(dir);
    const { user, system } = process.cpuUsage();
    fs.writeFileSync(path.join(dir, "cgroup.procs"), String(process.pid));
    return {
      read: () => (user + system) / 1e6 + h.usage(dir),
      close() {
        for (const pid of fs.readFileSync(path.join(dir, "cgroup.procs"), "utf8").split("\n").filter(Boolean))
          try {
            fs.writeFileSync(path.join(h.current, "cgroup.procs"), pid);
          } catch {
            // it ended meanwhile
          }
        try {
          fs.rmdirSync(dir);
        } catch {
          // still in use: a later run removes it
        }
      },
    };
  } catch {
    return undefined; // no cgroup here, or not writable (not root, not delegated)
  }
}
