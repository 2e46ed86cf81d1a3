// The budgets of docs/performance.md, checked against the figures a run produced. A budget whose section did
// not run (or could not measure it) is SKIP, never PASS.
import type { BenchResults } from "./index";
import { renderTable } from "./table";

export interface BudgetVerdict {
  name: string;
  limit: string;
  actual: string;
  status: "PASS" | "FAIL" | "SKIP";
  note?: string;
}

import { BUDGETS } from "./budget-limits";

function verdict(
  name: string,
  limit: string,
  actual: number | undefined,
  ok: (v: number) => boolean,
  fmt: (v: number) => string,
  note?: string,
): BudgetVerdict {
  if (actual === undefined || !Number.isFinite(actual)) return { name, limit, actual: "–", status: "SKIP", note };
  return { name, limit, actual: fmt(actual), status: ok(actual) ? "PASS" : "FAIL", note };
}

export function checkBudgets(r: BenchResults): BudgetVerdict[] {
  const out: BudgetVerdict[] = [];
  const msFmt = (v: number) => `${Math.round(v)} ms`;
  const kbFmt = (v: number) => `${(v / 1024).toFixed(1)} KB`;
  out.push(
    verdict(
      "initial JS for /sign-in, gzip",
      `<= ${BUDGETS.signInInitialJsGzipBytes / 1024} KB`,
      r.webBundle?.initialJs.gzipBytes,
      (v) => v <= BUDGETS.signInInitialJsGzipBytes,
      kbFmt,
    ),
  );
  for (const page of ["sign-in", "dashboard"] as const) {
    const mobile = r.lighthouse?.find((l) => l.page === page && l.preset === "mobile");
    out.push(
      verdict(
        `Lighthouse mobile score, ${page} (median)`,
        `>= ${BUDGETS.lighthouseMobileScoreMin}`,
        mobile?.median.score,
        (v) => v >= BUDGETS.lighthouseMobileScoreMin,
        (v) => String(Math.round(v)),
      ),
      verdict(
        `Lighthouse mobile TBT, ${page} (median)`,
        `<= ${BUDGETS.lighthouseMobileTbtMs} ms`,
        mobile?.median.tbtMs,
        (v) => v <= BUDGETS.lighthouseMobileTbtMs,
        msFmt,
      ),
    );
  }
  for (const lazy of r.webBundle?.lazy ?? []) {
    out.push({
      name: `${lazy.what} only in lazily loaded chunks`,
      limit: "not in the initial set",
      actual: lazy.inInitial.length
        ? `${lazy.inInitial.length} module(s) initial`
        : `in ${lazy.chunks.length} lazy chunk(s)`,
      // Nothing of it in the bundle at all would also be "not initial", but then the split is unproven.
      status: lazy.inInitial.length === 0 && lazy.chunks.length > 0 ? "PASS" : "FAIL",
    });
  }
  out.push(
    verdict(
      "start-up to ready, empty data folder",
      `< ${BUDGETS.startupReadyMs} ms`,
      r.startup?.empty.medianMs,
      (v) => v < BUDGETS.startupReadyMs,
      msFmt,
    ),
  );
  out.push(
    verdict(
      "start-up to ready, existing data folder",
      `< ${BUDGETS.startupReadyMs} ms`,
      r.startup?.existing.medianMs,
      (v) => v < BUDGETS.startupReadyMs,
      msFmt,
    ),
  );
  for (const target of ["all_data", "put_person"] as const) {
    const label = target === "all_data" ? "GET all_data" : "PUT person";
    const run = r.api?.runs.find((x) => x.target === target && x.connections === BUDGETS.apiBudgetConnections);
    const clean = run && run.errors + run.timeouts + run.non2xx === 0;
    out.push(
      verdict(
        `API p99 at ${BUDGETS.apiBudgetConnections} connections, ${label}`,
        `< ${BUDGETS.apiP99Ms} ms`,
        run?.p99Ms,
        (v) => Boolean(clean) && v < BUDGETS.apiP99Ms,
        (v) => `${v} ms`,
        run && !clean ? "errors or non-2xx" : undefined,
      ),
    );
    const note = run && !clean ? "errors or non-2xx" : undefined;
    if (target === "all_data") {
      const ratio = r.api?.ratios.find(
        (x) => x.target === target && x.connections === BUDGETS.apiBudgetConnections,
      )?.ratio;
      out.push(
        verdict(
          `app/bare req/s at ${BUDGETS.apiBudgetConnections} connections, ${label}`,
          `>= ${BUDGETS.appBareRatio}`,
          ratio,
          (v) => Boolean(clean) && v >= BUDGETS.appBareRatio,
          (v) => v.toFixed(2),
          note,
        ),
      );
      const floor = r.api?.allDataFloorRatios?.find((x) => x.connections === BUDGETS.apiBudgetConnections)?.ratio;
      out.push(
        verdict(
          `all_data / bare route sending its bytes, req/s at ${BUDGETS.apiBudgetConnections} connections`,
          `>= ${BUDGETS.allDataFloorRatio}`,
          floor,
          (v) => Boolean(clean) && v >= BUDGETS.allDataFloorRatio,
          (v) => v.toFixed(2),
          note,
        ),
      );
    } else {
      const ratio = r.api?.writeFloorRatios?.find((x) => x.connections === BUDGETS.apiBudgetConnections)?.ratio;
      out.push(
        verdict(
          `PUT / bare write floor req/s at ${BUDGETS.apiBudgetConnections} connections`,
          `>= ${BUDGETS.putWriteFloorRatio}`,
          ratio,
          (v) => Boolean(clean) && v >= BUDGETS.putWriteFloorRatio,
          (v) => v.toFixed(2),
          note,
        ),
      );
    }
  }
  // PUT person is judged in the production shape, each connection its own founder; the one-founder
  // contention row is printed beside it as a figure (docs/decisions/0003-put-budget.md).
  for (const target of ["pg_all_data", "pg_put_person_own"] as const) {
    const label = target === "pg_all_data" ? "GET all_data" : "PUT person (each connection its own founder)";
    const run = r.postgres?.runs.find((x) => x.target === target);
    const note = run && run.errors + run.timeouts + run.non2xx > 0 ? "errors or non-2xx" : undefined;
    out.push(
      verdict(
        `Postgres p99 at ${r.postgres?.connections ?? BUDGETS.apiBudgetConnections} connections, ${label}`,
        `<= ${BUDGETS.postgresP99Ms} ms`,
        run?.p99Ms,
        (v) => !note && v <= BUDGETS.postgresP99Ms,
        (v) => `${v} ms`,
        note,
      ),
    );
    if (target === "pg_all_data") {
      const ratio = r.postgres?.floorRatios.find((x) => x.target === target)?.ratio;
      out.push(
        verdict(
          "Postgres all_data / its floor (one SELECT on the same pool)",
          `>= ${BUDGETS.postgresAllDataFloorRatio}`,
          ratio,
          (v) => !note && v >= BUDGETS.postgresAllDataFloorRatio,
          (v) => v.toFixed(2),
          note,
        ),
      );
    } else {
      const floor = r.postgres?.runs.find((x) => x.target === "pg_bare_write_own");
      out.push(
        verdict(
          "Postgres PUT person (own founders) p99 / its floor's (one UPDATE, own rows)",
          `<= ${BUDGETS.postgresPutFloorP99Factor}x`,
          run && floor ? run.p99Ms / Math.max(1, floor.p99Ms) : undefined,
          (v) => !note && v <= BUDGETS.postgresPutFloorP99Factor,
          (v) => `${v.toFixed(2)}x (${run?.p99Ms} vs ${floor?.p99Ms} ms)`,
          note,
        ),
      );
      const ratio = r.postgres?.floorRatios.find((x) => x.target === target)?.ratio;
      out.push(
        verdict(
          "Postgres PUT person (own founders) / its floor, req/s",
          `>= ${BUDGETS.postgresPutFloorRatio}`,
          ratio,
          (v) => !note && v >= BUDGETS.postgresPutFloorRatio,
          (v) => v.toFixed(2),
          note,
        ),
      );
    }
  }
  if (r.soak) {
    const s = r.soak;
    out.push({
      name: "soak: no errors, lost updates, stale reads or leaks",
      limit: "all zero, integrity ok",
      actual: `${s.requests} requests`,
      status: s.ok ? "PASS" : "FAIL",
    });
  }
  const observed = r.observability;
  const observedClean = observed?.runs.every((x) => x.errors + x.timeouts + x.non2xx === 0);
  out.push(
    verdict(
      "all_data req/s with metrics ÷ without (METRICS_PORT set / unset)",
      `>= ${BUDGETS.observabilityRatio}`,
      observed?.ratio,
      (v) => Boolean(observedClean) && v >= BUDGETS.observabilityRatio,
      (v) => v.toFixed(3),
      observed && !observedClean ? "errors or non-2xx" : undefined,
    ),
  );
  return out;
}

export function budgetTable(verdicts: BudgetVerdict[]): string {
  return renderTable(
    "Budgets",
    ["budget", "limit", "actual", "verdict"],
    verdicts.map((v) => [v.name, v.limit, v.actual, v.status + (v.note ? ` (${v.note})` : "")]),
  );
}
