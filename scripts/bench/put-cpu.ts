// `node --import tsx scripts/bench/put-cpu.ts [--rounds=6] [--seconds=5] [--connections=10] [--profile]`
// The app's CPU per PUT /api/persons/{id} (the SQLite PUT budget, decision 0044), cheaper and steadier than
// the api section's req/s: the stack in a child process (real HTTP, real emulator-issued token, real
// SQLite file), the bare write route in another, autocannon here. Rounds alternate PUT and the bare
// write route; each process's CPU seconds (from /proc) over the requests it answered. "App beyond
// the floor" is what the app spends that the floor (parse the body, one UPDATE, commit) does not.
// With --profile the app runs under --cpu-prof and the PUT load window's profile is summarized.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { appTargets, combine, expectOk, load, type LoadResult, type Request } from "./api";
import { founderWithData } from "./founder-data";
import { mainThreadProfile, monotonicUs, summarizeProfile, type Window } from "./cpu-profile";
import { cpuSecondsOf } from "./process-cpu";
import { ROOT, spawnReady, startRemoteStack } from "./remote-stack";
import { loadAverageText, round } from "./stats";
import { profileTable } from "./report-api";

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "6" },
    seconds: { type: "string", default: "5" },
    connections: { type: "string", default: "10" },
    profile: { type: "boolean", default: false },
  },
});
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const profileDir = values.profile ? fs.mkdtempSync(path.join(os.tmpdir(), "ff-bench-put-prof-")) : undefined;

const startLoad = loadAverageText();
const stack = await startRemoteStack(profileDir ? { nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] } : {});
const bare = await spawnReady<{ writeUrl: string }>(path.join(ROOT, "scripts/bench/bare-server.ts"));
const windows: Window[] = [];
try {
  const put = appTargets(stack, await founderWithData(stack)).put_person;
  const floor: Request = {
    url: bare.info.writeUrl,
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: put.body,
  };
  const targets = [
    { name: "PUT /api/persons/{id}", req: put, pid: stack.pid },
    { name: "bare PUT + 1 SQLite UPDATE", req: floor, pid: bare.process.pid! },
  ];
  for (const t of targets) await expectOk(t.req);
  for (const t of targets) await load(t.name, t.req, connections, 2);
  const results = targets.map(() => ({ loads: [] as LoadResult<string>[], cpuS: 0, systemS: 0 }));
  for (let i = 0; i < rounds; i++) {
    for (const [j, t] of targets.entries()) {
      const fromUs = monotonicUs();
      const { value, cpuS, systemS } = await cpuSecondsOf(t.pid, () => load(t.name, t.req, connections, seconds));
      if (j === 0) windows.push({ fromUs, toUs: monotonicUs() });
      results[j]!.loads.push(value);
      results[j]!.cpuS += cpuS;
      results[j]!.systemS += systemS;
    }
  }
  const perRequestUs = results.map((r) => (r.cpuS / combine(r.loads).requests) * 1e6);
  const systemUs = results.map((r) => (r.systemS / combine(r.loads).requests) * 1e6);
  console.log(
    `${connections} connections, ${rounds} × ${seconds} s each; load average ${startLoad} at the start, ${loadAverageText()} at the end`,
  );
  for (const [j, t] of targets.entries()) {
    const c = combine(results[j]!.loads);
    console.log(
      `  ${t.name.padEnd(28)} ${String(c.reqPerSec).padStart(6)} req/s  p99 ${c.p99Ms} ms  CPU ${round(perRequestUs[j]!, 1)} µs/request (system ${round(systemUs[j]!, 1)})  (non-2xx ${c.non2xx}, errors ${c.errors})`,
    );
  }
  console.log(`  app beyond the floor: ${round(perRequestUs[0]! - perRequestUs[1]!, 1)} µs/request`);
} finally {
  await bare.stop();
  await stack.close();
}
if (profileDir) {
  const file = mainThreadProfile(profileDir);
  if (file) {
    // The PUT rounds only (the floor's rounds leave the app idle).
    const window = { fromUs: windows[0]!.fromUs, toUs: windows.at(-1)!.toUs };
    const s = summarizeProfile(file, ROOT, { window, top: 25 });
    console.log(profileTable("CPU profile of the app, PUT rounds, idle included", s));
    fs.copyFileSync(file, path.join(os.tmpdir(), "put-cpu-last.cpuprofile"));
  }
  fs.rmSync(profileDir, { recursive: true, force: true });
}
