// What durability costs (docs/performance.md, Durability): the app database's `synchronous`
// setting, FULL (the app's choice: every commit is on disk before the write is acknowledged)
// against NORMAL (WAL synced at checkpoints; a power loss may drop the last acknowledged commits).
// Two measures per mode, taken in alternating rounds so other load on the machine hits both alike:
// - the app: PATCH /api/persons/{id} (each request a real change, with its audit row) on 1 and 10
//   connections against the app in this process;
// - SQLite alone: single-row UPDATE commits in a WAL file with the app's other settings.
//   node --import tsx scripts/bench/durability.ts [--duration=5]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { sqliteClientOf } from "../../db/engine";
import { startTestApp } from "../../tests/support/app";
import { runLoad, type LoadRequest } from "../../tests/support/load";
import { median, percentile, round } from "./stats";
import { renderTable } from "./table";

const SYNC_MODES = ["FULL", "NORMAL"] as const;
type SyncMode = (typeof SYNC_MODES)[number];

interface DurabilityRow {
  mode: SyncMode;
  what: string;
  opsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

export interface DurabilityResult {
  rows: DurabilityRow[];
  /** FULL's throughput as a share of NORMAL's, per measure. */
  fullOverNormal: Record<string, number>;
}

function sqliteCommits(mode: SyncMode, seconds: number): Omit<DurabilityRow, "what"> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ff-bench-sync-"));
  const db = new Database(path.join(dir, "bench.sqlite"));
  try {
    db.pragma("journal_mode = WAL");
    db.pragma(`synchronous = ${mode}`);
    db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, city TEXT NOT NULL)");
    db.prepare("INSERT INTO t (id, city) VALUES (1, 'x')").run();
    const update = db.prepare("UPDATE t SET city = ? WHERE id = 1");
    const times: number[] = [];
    const end = performance.now() + seconds * 1000;
    for (let i = 0; performance.now() < end; i++) {
      const start = performance.now();
      update.run(`City ${i}`); // autocommit: one transaction, one commit
      times.push(performance.now() - start);
    }
    return {
      mode,
      opsPerSecond: Math.round(times.length / seconds),
      p50Ms: round(median(times), 3),
      p99Ms: round(percentile(times, 99), 3),
    };
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function appWrites(mode: SyncMode, seconds: number, connections: number): Promise<Omit<DurabilityRow, "what">> {
  const h = await startTestApp({ LOG_LEVEL: "silent" });
  try {
    // The bench sets the pragma on the app's own connection: the route code is the product's.
    sqliteClientOf(h.app.db).pragma(`synchronous = ${mode}`);
    const f = await h.founder({ stage: "entry", daf: false });
    let n = 0;
    const patch: LoadRequest = {
      method: "PATCH",
      path: `/api/persons/${f.personId}`,
      headers: { authorization: `Bearer ${f.token}`, "content-type": "application/json" },
      setupRequest: (req) => ({ ...req, body: JSON.stringify({ city: `City ${++n}` }) }),
    };
    const r = await runLoad({ url: h.url, connections, duration: seconds, requests: [patch], timeout: 30 });
    if (r.errors || r.non2xx) throw new Error(`durability bench: ${r.errors} errors, ${r.non2xx} non-2xx answers`);
    return { mode, opsPerSecond: Math.round(r.requests.average), p50Ms: r.latency.p50, p99Ms: r.latency.p99 };
  } finally {
    await h.close();
  }
}

export async function benchDurability(opts: {
  durationS: number;
  rounds: number;
  log: (msg: string) => void;
}): Promise<DurabilityResult> {
  const samples = new Map<string, Omit<DurabilityRow, "what">[]>();
  const add = (what: string, row: Omit<DurabilityRow, "what">) =>
    samples.set(`${row.mode}|${what}`, [...(samples.get(`${row.mode}|${what}`) ?? []), row]);
  for (let round_ = 0; round_ < opts.rounds; round_++) {
    for (const mode of round_ % 2 === 0 ? SYNC_MODES : [...SYNC_MODES].reverse()) {
      opts.log(`[bench] durability round ${round_ + 1}/${opts.rounds}: ${mode}`);
      add("SQLite UPDATE commit", sqliteCommits(mode, opts.durationS));
      add("PATCH /api/persons, 1 connection", await appWrites(mode, opts.durationS, 1));
      add("PATCH /api/persons, 10 connections", await appWrites(mode, opts.durationS, 10));
    }
  }
  const rows: DurabilityRow[] = [...samples].map(([key, list]) => {
    const [mode, what] = key.split("|") as [SyncMode, string];
    return {
      mode,
      what,
      opsPerSecond: median(list.map((r) => r.opsPerSecond)),
      p50Ms: median(list.map((r) => r.p50Ms)),
      p99Ms: Math.max(...list.map((r) => r.p99Ms)),
    };
  });
  const fullOverNormal: Record<string, number> = {};
  for (const r of rows.filter((x) => x.mode === "FULL")) {
    const normal = rows.find((x) => x.mode === "NORMAL" && x.what === r.what);
    if (normal) fullOverNormal[r.what] = round(r.opsPerSecond / normal.opsPerSecond, 2);
  }
  return { rows, fullOverNormal };
}

export function durabilityTable(r: DurabilityResult): string {
  return renderTable(
    "Durability: synchronous=FULL (the app's setting) vs NORMAL, median of alternating rounds (p99: worst round)",
    ["measure", "mode", "ops/s", "p50", "p99", "FULL / NORMAL"],
    r.rows
      .sort((a, b) => a.what.localeCompare(b.what) || a.mode.localeCompare(b.mode))
      .map((x) => [
        x.what,
        x.mode,
        x.opsPerSecond,
        `${x.p50Ms} ms`,
        `${x.p99Ms} ms`,
        x.mode === "FULL" ? String(r.fullOverNormal[x.what] ?? "–") : "",
      ]),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const duration = Number(process.argv.find((a) => a.startsWith("--duration="))?.split("=")[1] ?? 5);
  benchDurability({ durationS: duration, rounds: 2, log: (m) => console.error(m) })
    .then((r) => console.log(durabilityTable(r)))
    .catch((err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    });
}
