// The budgets of docs/performance.md, checked against the figures a run produced. A budget whose section did
// not run (or could not measure it) is SKIP, never PASS; one whose load saw errors or non-2xx FAILs.
import type { BenchResults } from "./index";
import type { LoadResult } from "./api";
import { renderTable } from "./table";
import { BUDGETS as B } from "./budget-limits";

export type BudgetVerdict = {
  name: string;
  limit: string;
  actual: string;
  status: "PASS" | "FAIL" | "SKIP";
  note?: string;
};

type Runs = Array<LoadResult<string> | undefined>;
/** A budget: its name, whether the figure is a maximum, the limit, the figure, how to print them, the loads it came from. */
type Budget = [string, "max" | "min", number, number | undefined, (v: number) => string, Runs?];

function verdict([name, kind, limit, actual, fmt, runs = []]: Budget): BudgetVerdict {
  const shown = `${kind === "max" ? "<=" : ">="} ${fmt(limit)}`;
  if (actual === undefined || !Number.isFinite(actual)) return { name, limit: shown, actual: "–", status: "SKIP" };
  const failed = runs.some((r) => r && r.errors + r.timeouts + r.non2xx > 0);
  const ok = !failed && (kind === "max" ? actual <= limit : actual >= limit);
  return {
    name,
    limit: shown,
    actual: fmt(actual),
    status: ok ? "PASS" : "FAIL",
    note: failed ? "errors or non-2xx" : undefined,
  };
}

const ms = (v: number) => `${Math.round(v)} ms`;
const x2 = (v: number) => v.toFixed(2);
const times = (v: number) => `${v.toFixed(2)}x`;
const seconds = (v: number) => `${Math.round(v)} s`;
const kb = (v: number) => `${(v / 1024).toFixed(1)} KB`;
const ratio = (a: number | undefined, b: number | undefined) =>
  a === undefined || b === undefined ? undefined : a / b;

export function checkBudgets(r: BenchResults): BudgetVerdict[] {
  const budgets: Budget[] = [
    ["initial JS for /sign-in, gzip", "max", B.signInInitialJsGzipBytes, r.web?.bundle.initialJs.gzipBytes, kb],
  ];
  for (const page of ["sign-in", "dashboard"] as const) {
    const m = r.web?.lighthouse?.find((l) => l.page === page)?.median;
    budgets.push([`Lighthouse mobile score, ${page} (median)`, "min", B.lighthouseMobileScoreMin, m?.score, String]);
    budgets.push([`Lighthouse mobile TBT, ${page} (median)`, "max", B.lighthouseMobileTbtMs, m?.tbtMs, ms]);
  }
  for (const folder of ["empty", "existing"] as const)
    budgets.push([
      `start-up to ready, ${folder} data folder`,
      "max",
      B.startupReadyMs,
      r.startup?.[folder].medianMs,
      ms,
    ]);

  const at = B.apiBudgetConnections;
  for (const [target, floor] of [
    ["all_data", B.allDataFloorRatio],
    ["put_person", B.putWriteFloorRatio],
  ] as const) {
    const run = r.api?.runs.find((x) => x.target === target && x.connections === at);
    const over = r.api?.floorRatios.find((x) => x.target === target && x.connections === at)?.ratio;
    budgets.push([`API p99 at ${at} connections, ${target}`, "max", B.apiP99Ms, run?.p99Ms, ms, [run]]);
    budgets.push([`API ${target} / its floor, req/s at ${at} connections`, "min", floor, over, x2, [run]]);
  }

  const pg = (target: string) => r.postgres?.runs.find((x) => x.target === target);
  const pgFloor = (target: string) => r.postgres?.floorRatios.find((x) => x.target === target)?.ratio;
  const [get, put, bareWrite] = [pg("pg_all_data"), pg("pg_put_person"), pg("pg_bare_write")];
  budgets.push(
    ["Postgres p99, GET all_data", "max", B.postgresP99Ms, get?.p99Ms, ms, [get]],
    [
      "Postgres all_data / its floor (one SELECT)",
      "min",
      B.postgresAllDataFloorRatio,
      pgFloor("pg_all_data"),
      x2,
      [get],
    ],
    ["Postgres p99, PUT person (round robin, own founders)", "max", B.postgresP99Ms, put?.p99Ms, ms, [put]],
    [
      "Postgres PUT person / its floor (one UPDATE), req/s",
      "min",
      B.postgresPutFloorRatio,
      pgFloor("pg_put_person"),
      x2,
      [put],
    ],
    [
      "Postgres PUT person p99 / its floor's",
      "max",
      B.postgresPutFloorP99Factor,
      ratio(put?.p99Ms, bareWrite?.p99Ms),
      times,
      [put],
    ],
  );
  const observed = r.observability;
  budgets.push([
    "all_data req/s with metrics ÷ without",
    "min",
    B.observabilityRatio,
    observed?.ratio,
    x2,
    observed?.runs,
  ]);

  for (const e of r.scale?.engines ?? []) {
    const [small, large] = e.sizes as [number, number];
    const [a, b] = [e.byN.find((x) => x.n === small), e.byN.find((x) => x.n === large)];
    const tag = `scale, ${e.engine}, ${large} ÷ ${small} founders`;
    for (const q of e.ratios) {
      const runs = e.rows.filter((row) => row.route === q.route).map((row) => row.load);
      budgets.push([`${tag}: ${q.route}, req/s`, "min", B.scaleReqPerSecRatio, q.reqPerSec, x2, runs]);
      budgets.push([`${tag}: ${q.route}, p99`, "max", B.scaleP99Factor, q.p99, times, runs]);
    }
    budgets.push([`${tag}: app RSS, every founder read`, "max", B.scaleRssFactor, ratio(b?.rssMb, a?.rssMb), times]);
    budgets.push([
      `${tag}: start-up on the data ÷ on none`,
      "max",
      B.scaleStartupFactor,
      ratio(b?.startupMs, b?.emptyStartupMs),
      times,
    ]);
    const perLakh = b && (b.seedS * 100_000) / large;
    if (e.engine === "sqlite")
      budgets.push([`${tag}: seeding, per 100,000 founders`, "max", B.scaleSeedSeconds, perLakh, seconds]);
  }
  return [
    ...budgets.map(verdict),
    ...(r.web?.bundle.lazy ?? []).map(({ what, inInitial, chunks }): BudgetVerdict => ({
      name: `${what} only in lazily loaded chunks`,
      limit: "not in the initial set",
      actual: inInitial.length ? `${inInitial.length} module(s) initial` : `in ${chunks.length} lazy chunk(s)`,
      // Nothing of it in the bundle at all would also be "not initial", but then the split is unproven.
      status: inInitial.length === 0 && chunks.length > 0 ? "PASS" : "FAIL",
    })),
  ];
}

export function budgetTable(verdicts: BudgetVerdict[]): string {
  return renderTable(
    "Budgets",
    ["budget", "limit", "actual", "verdict"],
    verdicts.map((v) => [v.name, v.limit, v.actual, v.status + (v.note ? ` (${v.note})` : "")]),
  );
}
