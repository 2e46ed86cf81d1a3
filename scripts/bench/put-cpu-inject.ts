// The app's own CPU per PUT /api/persons/{id}, without the socket and (with synchronous=OFF, the
// default) without the commit's fsync: the app in this process (tests/support/app.ts: real auth
// emulator and token, real SQLite file), requests sent one at a time through Fastify's inject
// (routing, hooks, token, validation, the transaction, serialization: everything but the socket),
// this process's user + system CPU over the requests. The number to cut when the app's work, not
// the commit, is the question (decision 0044). The bench sets `synchronous` on the app's own connection:
// the route code is the product's.
//
//   node --import tsx scripts/bench/put-cpu-inject.ts [--requests=500] [--rounds=24] [--sync=OFF|FULL]
//   … --against=<dir>      A/B: the same, interleaved round by round with the app of another tree
//                          (e.g. `git archive <commit> | tar -x -C <dir>` plus a node_modules link),
//                          both in this process, so machine load hits both alike; prints each one's
//                          median and the median of the per-round ratios (this tree ÷ the other).
//                          Two copies of one tree give 1.00 ± 0.01 here.
//   node --cpu-prof --cpu-prof-dir=<dir> --import tsx … , then … --summarize=<dir>
//                          where the measured window's CPU went (the profile is written at exit).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import type { createTestApp as CreateTestApp } from "../../tests/support/app";
import type { sqliteClientOf as SqliteClientOf } from "../../db/engine";
import { loadAverageText, median, round } from "./stats";
import { profileTable } from "./report-api";
import { mainThreadProfile, monotonicUs, summarizeProfile, type Window } from "./cpu-profile";
import { ROOT } from "./remote-stack";

const { values } = parseArgs({
  options: {
    requests: { type: "string", default: "500" },
    rounds: { type: "string", default: "24" },
    sync: { type: "string", default: "OFF" },
    against: { type: "string" },
    summarize: { type: "string" },
  },
});

if (values.summarize) {
  const dir = values.summarize;
  const s = summarizeProfile(mainThreadProfile(dir)!, ROOT, {
    window: JSON.parse(fs.readFileSync(path.join(dir, "window.json"), "utf8")) as Window,
    top: 40,
  });
  console.log(profileTable("CPU profile of the app in process, the measured window", s));
  process.exit(0);
}

const sync = values.sync === "FULL" ? "FULL" : "OFF";
const requests = Number(values.requests);

/** A signed-in founder's PUT against the app of `tree` (a checkout of this repository), in this process. */
async function putDriver(tree: string) {
  const { createTestApp } = (await import(pathToFileURL(path.join(tree, "tests/support/app.ts")).href)) as {
    createTestApp: typeof CreateTestApp;
  };
  const { sqliteClientOf } = (await import(pathToFileURL(path.join(tree, "db/engine.ts")).href)) as {
    sqliteClientOf: typeof SqliteClientOf;
  };
  const h = await createTestApp({ LOG_LEVEL: "silent" });
  sqliteClientOf(h.app.db).pragma(`synchronous = ${sync}`);
  const f = await h.founder({ stage: "entry", daf: false });
  const person = (await h.app.inject({ method: "GET", url: `/api/persons/${f.personId}`, headers: f.auth })).json<
    Record<string, unknown>
  >();
  // A form save that changes one field (as the api section's PUT): the city alternates.
  const bodies = ["Dover", "Lewes"].map((city) => JSON.stringify({ ...person, city }));
  const headers = { ...f.auth, "content-type": "application/json" };
  let sent = 0;
  const put = async () => {
    const res = await h.app.inject({
      method: "PUT",
      url: `/api/persons/${f.personId}`,
      headers,
      payload: bodies[sent++ % 2],
    });
    if (res.statusCode !== 200) throw new Error(`PUT answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
  };
  /** CPU µs per PUT over `n` PUTs. */
  const round_ = async (n: number) => {
    const before = process.cpuUsage();
    for (let i = 0; i < n; i++) await put();
    const used = process.cpuUsage(before);
    return (used.user + used.system) / n;
  };
  return { tree, round: round_, samples: [] as number[], close: () => h.close() };
}

const drivers = [await putDriver(ROOT), ...(values.against ? [await putDriver(path.resolve(values.against))] : [])];
let window: Window | undefined;
try {
  for (const d of drivers) await d.round(3000); // JIT warm-up
  const fromUs = monotonicUs();
  for (let r = 0; r < Number(values.rounds); r++) {
    // Alternate who goes first, so neither always follows the other's garbage.
    for (const d of r % 2 ? [...drivers].reverse() : drivers) d.samples.push(await d.round(requests));
  }
  window = { fromUs, toUs: monotonicUs() };
  console.log(
    `PUT /api/persons/{id} in process, synchronous=${sync}, ${values.rounds} rounds of ${requests}; load average ${loadAverageText()}`,
  );
  for (const d of drivers) {
    console.log(
      `  ${d.tree === ROOT ? "this tree" : d.tree}: CPU per request median ${round(median(d.samples), 1)} µs, min ${round(Math.min(...d.samples), 1)} µs`,
    );
  }
  const [self, other] = drivers;
  if (self && other)
    console.log(
      `  this tree ÷ ${other.tree}, median of the rounds' ratios: ${round(median(self.samples.map((s, i) => s / other.samples[i]!)), 3)}`,
    );
} finally {
  for (const d of drivers) await d.close();
}

const profileDir = process.execArgv.find((a) => a.startsWith("--cpu-prof-dir="))?.slice("--cpu-prof-dir=".length);
if (profileDir && window) {
  fs.mkdirSync(profileDir, { recursive: true });
  fs.writeFileSync(path.join(profileDir, "window.json"), JSON.stringify(window));
}
