// The run's CPU-seconds count every process it started, also one that outlives its parent and is
// re-parented away from the run (as Chromium's helper processes are): a sum over the process tree
// at the end would miss it.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startCpuMeter, type CpuMeter } from "./suite-cpu";

let meter: CpuMeter | undefined;
afterEach(() => meter?.close());

/** Starts a process that burns `seconds` of CPU after its parent has exited; resolves once it is done. */
async function orphanBurning(seconds: number): Promise<void> {
  const done = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "ff-cpu-")), "done");
  const burn = `const end = process.cpuUsage().user + ${seconds * 1e6}; while (process.cpuUsage().user < end); require("fs").writeFileSync(${JSON.stringify(done)}, "")`;
  // sh starts node in the background and exits at once: node is re-parented (to init or a subreaper).
  const sh = spawn("sh", ["-c", `"${process.execPath}" -e '${burn}' >/dev/null 2>&1 &`], { stdio: "ignore" });
  await new Promise((resolve) => sh.once("exit", resolve));
  while (!fs.existsSync(done)) await new Promise((r) => setTimeout(r, 50));
  fs.rmSync(path.dirname(done), { recursive: true, force: true });
}

describe.runIf(process.platform === "linux")("the run's CPU meter", () => {
  it("counts a process that was re-parented away from the run", async (ctx) => {
    meter = startCpuMeter();
    if (!meter) return ctx.skip("no writable cgroup here (not root, not delegated)");
    const before = meter.read();
    await orphanBurning(0.6);
    expect(meter.read() - before).toBeGreaterThanOrEqual(0.55);
  });
});
