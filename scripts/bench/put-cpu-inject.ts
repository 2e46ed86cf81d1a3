// `node [--cpu-prof --cpu-prof-dir=<dir>] --import tsx scripts/bench/put-cpu-inject.ts [--requests=1500] [--rounds=12] [--sync=OFF|FULL] [--summarize=<dir>]`
// The app's own CPU per PUT /api/persons/{id}, without the socket and, with --sync=OFF (default),
// without the fsync: the app in this process (tests/support/app.ts: real auth emulator and token,
// real SQLite file), requests sent one at a time through Fastify's inject (routing, hooks, token,
// validation, the transaction, serialization: everything but the socket), this process's
// user + system CPU over the requests. The number to cut when the app's work, not the commit, is the
// question (issue 15). The bench sets `synchronous` on the app's own connection: the route code is
// the product's.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sqliteClientOf } from "../../db/engine";
import { createTestApp } from "../../tests/support/app";
import { median, round } from "./stats";
import { mainThreadProfile, monotonicUs, summarizeProfile, type Window } from "./cpu-profile";
import { ROOT } from "./remote-stack";

const { values } = parseArgs({
  options: { requests: { type: "string", default: "1500" }, sync: { type: "string", default: "OFF" }, rounds: { type: "string", default: "12" }, summarize: { type: "string" } },
});
if (values.summarize) {
  const dir = values.summarize;
  const s = summarizeProfile(mainThreadProfile(dir)!, ROOT, { window: JSON.parse(fs.readFileSync(path.join(dir, "window.json"), "utf8")) as Window, top: 40 });
  console.log("self time by package/folder (%):");
  for (const o of s.byOwner) console.log(`  ${String(o.percent).padStart(5)}  ${o.owner}`);
  console.log("with the native work they call (%):");
  for (const o of s.byCaller) console.log(`  ${String(o.percent).padStart(5)}  ${o.owner}`);
  console.log("hottest functions (%):");
  for (const f of s.topFunctions) console.log(`  ${String(f.percent).padStart(5)}  ${f.fn} (${f.owner})`);
  process.exit(0);
}
const requests = Number(values.requests);
let window: Window | undefined;
const h = await createTestApp({ LOG_LEVEL: "silent" });
try {
  sqliteClientOf(h.app.db).pragma(`synchronous = ${values.sync === "FULL" ? "FULL" : "OFF"}`);
  const f = await h.founder({ stage: "full" });
  const person = (await h.app.inject({ method: "GET", url: `/api/persons/${f.personId}`, headers: f.auth })).json<Record<string, unknown>>();
  // A form save that changes one field (as the api section's PUT): the city alternates.
  const bodies = ["Dover", "Lewes"].map((city) => JSON.stringify({ ...person, city }));
  const headers = { ...f.auth, "content-type": "application/json" };
  const put = async (i: number) => {
    const res = await h.app.inject({ method: "PUT", url: `/api/persons/${f.personId}`, headers, payload: bodies[i % 2] });
    if (res.statusCode !== 200) throw new Error(`PUT answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
  };
  for (let i = 0; i < 2000; i++) await put(i); // JIT warm-up
  const perRequest: number[] = [];
  const fromUs = monotonicUs();
  for (let r = 0; r < Number(values.rounds); r++) {
    const before = process.cpuUsage();
    for (let i = 0; i < requests; i++) await put(i);
    const used = process.cpuUsage(before);
    perRequest.push((used.user + used.system) / requests);
  }
  window = { fromUs, toUs: monotonicUs() };
  console.log(
    `PUT /api/persons/{id} in process, synchronous=${values.sync === "FULL" ? "FULL" : "OFF"}, ${requests} requests × ${perRequest.length}: CPU per request: min ${round(Math.min(...perRequest), 1)} µs, median ${round(median(perRequest), 1)} µs (rounds: ${perRequest.map((v) => round(v, 0)).join(" ")}) (load average ${os.loadavg().map((l) => l.toFixed(2)).join(" ")})`,
  );
} finally {
  await h.close();
}

// Under `node --cpu-prof --cpu-prof-dir=<dir>` the profile is written at exit; the measured window
// is left beside it, and `--summarize=<dir>` (a second run) prints where that window's CPU went.
const profileDir = process.execArgv.find((a) => a.startsWith("--cpu-prof-dir="))?.slice("--cpu-prof-dir=".length);
if (profileDir && window) fs.mkdirSync(profileDir, { recursive: true });
if (profileDir && window) fs.writeFileSync(path.join(profileDir, "window.json"), JSON.stringify(window));
