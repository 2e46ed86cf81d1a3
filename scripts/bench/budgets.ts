// The budgets of docs/performance.md, checked against the figures a run produced. A budget whose section did
// not run (or could not measure it) is SKIP, never PASS; one whose load saw errors or non-2xx FAILs.
import type { BenchResults } from "./index";
import type { LoadResult } from "./api";
import { renderTable } from "./table";
import { BUDGETS as B } from "./budget-limits";

export interface BudgetVerdict {
  name: string;
  limit: string;
  actual: string;
  status: "PASS" | "FAIL" | "SKIP";
  note?: string;
}

const failed = (runs: Array<LoadResult<string> | undefined>) =>
  runs.some((r) => r && r.errors + r.timeouts + r.non2xx > 0);

function check(
  name: string,
  atMost: boolean,
  limit: number,
  actual: number | undefined,
  fmt: (v: number) => string,
  runs: Array<LoadResult<string> | undefined> = [],
): BudgetVerdict {
  const shown = `${atMost ? "<=" : ">="} ${fmt(limit)}`;
  if (actual === undefined || !Number.isFinite(actual)) return { name, limit: shown, actual: "–", status: "SKIP" };
  const bad = failed(runs);
  const ok = !bad && (atMost ? actual <= limit : actual >= limit);
  return {
    name,
    limit: shown,
    actual: fmt(actual),
    status: ok ? "PASS" : "FAIL",
    note: bad ? "errors or non-2xx" : undefined,
  };
}

const ms = (v: number) => `${Math.round(v)} ms`;
const x2 = (v: number) => v.toFixed(2);
const times = (v: number) => `${v.toFixed(2)}x`;

export function checkBudgets(r: BenchResults): BudgetVerdict[] {
  const out: BudgetVerdict[] = [];
  const kb = (v: number) => `${(v / 1024).toFixed(1)} KB`;
  out.push(
    check("initial JS for /sign-in, gzip", true, B.signInInitialJsGzipBytes, r.web?.bundle.initialJs.gzipBytes, kb),
  );
  for (const lazy of r.web?.bundle.lazy ?? [])
    out.push({
      name: `${lazy.what} only in lazily loaded chunks`,
      limit: "not in the initial set",
      actual: lazy.inInitial.length
        ? `${lazy.inInitial.length} module(s) initial`
        : `in ${lazy.chunks.length} lazy chunk(s)`,
      // Nothing of it in the bundle at all would also be "not initial", but then the split is unproven.
      status: lazy.inInitial.length === 0 && lazy.chunks.length > 0 ? "PASS" : "FAIL",
    });
  for (const page of ["sign-in", "dashboard"] as const) {
    const m = r.web?.lighthouse?.find((l) => l.page === page)?.median;
    out.push(check(`Lighthouse mobile score, ${page} (median)`, false, B.lighthouseMobileScoreMin, m?.score, String));
    out.push(check(`Lighthouse mobile TBT, ${page} (median)`, true, B.lighthouseMobileTbtMs, m?.tbtMs, ms));
  }
  for (const folder of ["empty", "existing"] as const)
    out.push(
      check(`start-up to ready, ${folder} data folder`, true, B.startupReadyMs, r.startup?.[folder].medianMs, ms),
    );

  const at = B.apiBudgetConnections;
  const api = (target: string) => r.api?.runs.find((x) => x.target === target && x.connections === at);
  const apiFloor = (target: string) =>
    r.api?.floorRatios.find((x) => x.target === target && x.connections === at)?.ratio;
  for (const [target, label, floor] of [
    ["all_data", "GET all_data", B.allDataFloorRatio],
    ["put_person", "PUT person", B.putWriteFloorRatio],
  ] as const) {
    out.push(check(`API p99 at ${at} connections, ${label}`, true, B.apiP99Ms, api(target)?.p99Ms, ms, [api(target)]));
    out.push(
      check(`${label} / its floor, req/s at ${at} connections`, false, floor, apiFloor(target), x2, [api(target)]),
    );
  }

  const pg = (target: string) => r.postgres?.runs.find((x) => x.target === target);
  const pgFloor = (target: string) => r.postgres?.floorRatios.find((x) => x.target === target)?.ratio;
  const put = pg("pg_put_person");
  const bareWrite = pg("pg_bare_write");
  out.push(
    check("Postgres p99, GET all_data", true, B.postgresP99Ms, pg("pg_all_data")?.p99Ms, ms, [pg("pg_all_data")]),
    check(
      "Postgres all_data / its floor (one SELECT)",
      false,
      B.postgresAllDataFloorRatio,
      pgFloor("pg_all_data"),
      x2,
      [pg("pg_all_data")],
    ),
    check("Postgres p99, PUT person (round robin, own founders)", true, B.postgresP99Ms, put?.p99Ms, ms, [put]),
    check(
      "Postgres PUT person / its floor (one UPDATE, own rows), req/s",
      false,
      B.postgresPutFloorRatio,
      pgFloor("pg_put_person"),
      x2,
      [put],
    ),
    check(
      "Postgres PUT person p99 / its floor's",
      true,
      B.postgresPutFloorP99Factor,
      put && bareWrite ? put.p99Ms / Math.max(1, bareWrite.p99Ms) : undefined,
      times,
      [put],
    ),
  );

  const observedRuns = r.observability?.runs ?? [];
  out.push(
    check(
      "all_data req/s with metrics ÷ without (METRICS_PORT set / unset)",
      false,
      B.observabilityRatio,
      r.observability?.ratio,
      (v) => v.toFixed(3),
      observedRuns,
    ),
  );

  for (const e of r.scale?.engines ?? []) {
    const [small, large] = e.sizes;
    const of = (n: number | undefined) => e.byN.find((b) => b.n === n);
    const tag = `scale, ${e.engine}, ${large} vs ${small} founders`;
    for (const q of e.ratios) {
      const runs = e.rows.filter((row) => row.route === q.route).map((row) => row.load);
      out.push(check(`${tag}: ${q.route} req/s ratio`, false, B.scaleReqPerSecRatio, q.reqPerSec, x2, runs));
      out.push(check(`${tag}: ${q.route} p99 ratio`, true, B.scaleP99Factor, q.p99, times, runs));
    }
    out.push(
      check(
        `${tag}: app RSS ratio, every founder read once`,
        true,
        B.scaleRssFactor,
        ratio(of(large)?.rssEndMb, of(small)?.rssEndMb),
        times,
      ),
    );
    out.push(
      check(
        `scale, ${e.engine}: app start-up on ${large} founders / on none`,
        true,
        B.scaleStartupFactor,
        ratio(of(large)?.startupMs, of(large)?.emptyStartupMs),
        times,
      ),
    );
    const seed = of(large)?.seedS;
    if (e.engine === "sqlite")
      out.push(
        check(
          `scale, sqlite: seeding, seconds per 100,000 founders`,
          true,
          B.scaleSeedSeconds,
          seed === undefined ? undefined : (seed * 100_000) / large!,
          (v) => `${Math.round(v)} s`,
        ),
      );
  }
  return out;
}

const ratio = (a: number | undefined, b: number | undefined) =>
  a === undefined || b === undefined ? undefined : a / b;

export function budgetTable(verdicts: BudgetVerdict[]): string {
  return renderTable(
    "Budgets",
    ["budget", "limit", "actual", "verdict"],
    verdicts.map((v) => [v.name, v.limit, v.actual, v.status + (v.note ? ` (${v.note})` : "")]),
  );
}
