// Soak: many founders at once for a longer, time-bounded run (default 30 s) against the app in this
// process, each on its own connection editing and re-reading its own record, while probes keep
// asking for other founders' records. Passes when there were no errors, no lost updates, no stale
// reads, every probe got 404, no SSN reached the log, and the database passes SQLite's checks.
//   node --import tsx scripts/bench/soak.ts [--duration=30] [--founders=40]
// `runSoak` is exported for the benchmark runner; run directly, it prints one summary line and a
// JSON result and exits 1 on failure.
import { fileURLToPath } from "node:url";
import { startTestApp } from "../../tests/support/app";
import { type ApiFounder as Founder } from "../../tests/support/founders";
import { cityEditor, runLoad, type EditorTally, type LoadRequest } from "../../tests/support/load";
import { integrityCheck } from "../../tests/support/db-dump";
import { call } from "../../tests/support/http";

export interface SoakOptions {
  durationSeconds: number;
  founders: number;
}

export interface SoakResult {
  durationSeconds: number;
  founders: number;
  requests: number;
  errors: number;
  timeouts: number;
  unexpectedStatuses: number;
  lostUpdates: number;
  staleReads: number;
  probes: number;
  probesAnsweredOtherThan404: number;
  ssnsInLog: number;
  integrity: string;
  latencyP99Ms: number;
  ok: boolean;
}

export async function runSoak(opts: SoakOptions): Promise<SoakResult> {
  const h = await startTestApp({ LOG_LEVEL: "info" });
  try {
    const founders: Founder[] = [];
    for (let i = 0; i < opts.founders; i++) founders.push(await h.founder({ stage: "entry", daf: false }));
    const tallies: EditorTally[] = founders.map(() => ({ lastAcked: 0, lastSent: 0, staleReads: 0 }));
    const probeTally = { probes: 0, wrong: 0 };
    // Founder i asks for founder i+1's person: every answer must be 404.
    const probe = (i: number): LoadRequest[] => [
      {
        method: "GET",
        path: `/api/persons/${founders[(i + 1) % founders.length]!.personId}`,
        headers: { authorization: `Bearer ${founders[i]!.token}` },
        onResponse: (status) => {
          probeTally.probes += 1;
          if (status !== 404) probeTally.wrong += 1;
        },
      },
    ];
    const editors = founders.map((f, i) =>
      runLoad({
        url: h.url,
        connections: 1,
        duration: opts.durationSeconds,
        requests: cityEditor(f.personId!, f.token, tallies[i]!),
        timeout: 30,
      }),
    );
    const probes = [0, 1, 2].map((i) =>
      runLoad({
        url: h.url,
        connections: 1,
        duration: opts.durationSeconds,
        requests: probe(i % founders.length),
        timeout: 30,
      }),
    );
    const editorResults = await Promise.all(editors);
    const probeResults = await Promise.all(probes);

    let lostUpdates = 0;
    for (const [i, f] of founders.entries()) {
      const res = await call(h.url, "GET", `/api/persons/${f.personId}`, { token: f.token });
      // The last acknowledged edit, or a later one the end of the run cut off before its answer.
      const stored = Number(/^City (\d+)$/.exec((res.json as { city?: string }).city ?? "")?.[1] ?? -1);
      if (stored < tallies[i]!.lastAcked || stored > tallies[i]!.lastSent) lostUpdates += 1;
    }
    const logs = h.logs();
    const all = [...editorResults, ...probeResults];
    const result: SoakResult = {
      durationSeconds: opts.durationSeconds,
      founders: opts.founders,
      requests: all.reduce((n, r) => n + r.requests.sent, 0),
      errors: all.reduce((n, r) => n + r.errors, 0),
      timeouts: all.reduce((n, r) => n + r.timeouts, 0),
      unexpectedStatuses: editorResults.reduce((n, r) => n + r.non2xx, 0),
      lostUpdates,
      staleReads: tallies.reduce((n, t) => n + t.staleReads, 0),
      probes: probeTally.probes,
      probesAnsweredOtherThan404: probeTally.wrong,
      ssnsInLog: founders.filter((f) => logs.includes(f.ssn)).length,
      integrity: integrityCheck(h.dbFile),
      latencyP99Ms: Math.max(...editorResults.map((r) => r.latency.p99)),
      ok: false,
    };
    result.ok =
      result.errors === 0 &&
      result.timeouts === 0 &&
      result.unexpectedStatuses === 0 &&
      result.lostUpdates === 0 &&
      result.staleReads === 0 &&
      result.probes > 0 &&
      result.probesAnsweredOtherThan404 === 0 &&
      result.ssnsInLog === 0 &&
      result.integrity === "ok";
    return result;
  } finally {
    await h.close();
  }
}

/** One line: the verdict and every tally behind it. */
export function soakSummary(r: SoakResult): string {
  return (
    `${r.ok ? "PASS" : "FAIL"}: ${r.requests} requests from ${r.founders} founders in ${r.durationSeconds} s, ${r.errors} errors, ${r.timeouts} timeouts, ` +
    `${r.unexpectedStatuses} unexpected statuses, ${r.lostUpdates} lost updates, ${r.staleReads} stale reads, ${r.probes} cross-account probes (${r.probesAnsweredOtherThan404} not 404), ` +
    `${r.ssnsInLog} SSNs in the log, integrity ${r.integrity}, p99 ${r.latencyP99Ms} ms`
  );
}

function numberArg(name: string, fallback: number): number {
  const raw = process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
  const n = raw === undefined ? fallback : Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number`);
  return n;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const r = await runSoak({ durationSeconds: numberArg("duration", 30), founders: numberArg("founders", 40) });
  console.log(`[soak] ${soakSummary(r)}`);
  console.log(JSON.stringify(r));
  process.exitCode = r.ok ? 0 : 1;
}
