// `npm run bench [-- --quick] [-- --check] [-- --only=startup,api,postgres,web,observability,scale]
// [-- --founders=1000,100000] [-- --engines=sqlite,postgres]`: prints tables and budget verdicts and
// writes bench-results/<timestamp>.json (and latest.json when every section ran). Everything runs on loopback.
import fs from "node:fs";
import os from "node:os";
import { parseArgs } from "node:util";
import path from "node:path";
import { ROOT } from "./remote-stack";
import { benchStartup, startupTables, type StartupResult } from "./startup";
import { apiTable, benchApi, type ApiResult } from "./api";
import { benchWeb, bundleTable, lighthouseTable, type WebResults } from "./web";

import { checkBudgets, budgetTable, type BudgetVerdict } from "./budgets";
import { benchPostgres, postgresTable, type PostgresResult } from "./postgres";
import { benchObservability, observabilityTable, type ObservabilityResult } from "./observability";
import { benchScale, scaleTables, type ScaleEngineName, type ScaleResult } from "./scale";

const SECTIONS = ["startup", "api", "postgres", "web", "observability", "scale"] as const;
type Section = (typeof SECTIONS)[number];

export interface BenchResults {
  startedAt: string;
  mode: "quick" | "full";
  machine: { node: string; cpus: number; cpuModel: string; loadAverageAtStart: number[]; loadAverageAtEnd?: number[] };
  startup?: StartupResult;
  api?: ApiResult;
  postgres?: PostgresResult;
  web?: WebResults;
  observability?: ObservabilityResult;
  scale?: ScaleResult;
  budgets: BudgetVerdict[];
  errors: Record<string, string>;
}

const log = (line: string) => console.log(line);
const loadAverage = () => os.loadavg().map((l) => Math.round(l * 100) / 100);

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      quick: { type: "boolean", default: false },
      check: { type: "boolean", default: false },
      only: { type: "string" },
      founders: { type: "string" },
      engines: { type: "string", default: "sqlite,postgres" },
    },
  });
  const sections = (values.only?.split(",") ?? [...SECTIONS]) as Section[];
  const unknown = sections.filter((s) => !SECTIONS.includes(s));
  if (unknown.length) throw new Error(`unknown section(s) ${unknown.join(", ")}; choose from ${SECTIONS.join(", ")}`);
  const quick = values.quick;
  const cpus = os.cpus();
  const machine = {
    node: process.version,
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? "?",
    loadAverageAtStart: loadAverage(),
  };
  const results: BenchResults = {
    startedAt: new Date().toISOString(),
    mode: quick ? "quick" : "full",
    machine,
    budgets: [],
    errors: {},
  };
  const tables: string[] = [];
  if (machine.loadAverageAtStart[0]! > cpus.length)
    log(`[bench] warning: load average above ${cpus.length}: timings inflated`);
  const durationS = quick ? 3 : 10;
  const rounds = quick ? 3 : 5;
  const run: Record<Section, () => Promise<void>> = {
    startup: async () => {
      results.startup = await benchStartup({ runs: quick ? 3 : 5, log });
      tables.push(startupTables(results.startup));
    },
    api: async () => {
      results.api = await benchApi({ durationS, rounds, connections: [1, 10, 50], log });
      tables.push(apiTable(results.api));
    },
    postgres: async () => {
      results.postgres = await benchPostgres({ durationS, rounds, log });
      tables.push(postgresTable(results.postgres));
    },
    web: async () => {
      results.web = await benchWeb({ quick, log });
      tables.push(bundleTable(results.web.bundle));
      if (results.web.lighthouse) tables.push(lighthouseTable(results.web.lighthouse));
      if (results.web.lighthouseError) throw new Error(`Lighthouse: ${results.web.lighthouseError}`);
    },
    observability: async () => {
      results.observability = await benchObservability({ pairs: quick ? 8 : 40, connections: 10, log });
      tables.push(observabilityTable(results.observability));
    },
    scale: async () => {
      const sizes = (values.founders ?? (quick ? "1000,10000" : "1000,100000")).split(",").map(Number);
      const engines = values.engines.split(",") as ScaleEngineName[];
      // Nine 2 s rounds a row (five in the other sections): a ratio's median of five moved by ±0.1 run to run.
      results.scale = await benchScale({ sizes, engines, durationS: 2 * durationS, rounds: 2 * rounds - 1, log });
      tables.push(scaleTables(results.scale));
    },
  };
  for (const section of SECTIONS) {
    if (!sections.includes(section)) continue;
    log(`\n[bench] ${section}…`);
    try {
      await run[section]();
    } catch (err) {
      // One failing section must not hide the others' figures; it is reported and fails --check.
      results.errors[section] = err instanceof Error ? err.message : String(err);
      log(`[bench] ${section} failed: ${results.errors[section]}`);
    }
  }

  results.budgets = checkBudgets(results);
  tables.push(budgetTable(results.budgets));
  results.machine.loadAverageAtEnd = loadAverage();
  console.log(tables.join("\n"));
  log(
    `load average at start ${results.machine.loadAverageAtStart.join(" ")}, at end ${results.machine.loadAverageAtEnd.join(" ")}`,
  );

  const dir = path.join(ROOT, "bench-results");
  fs.mkdirSync(dir, { recursive: true });
  const json = JSON.stringify(results, null, 2);
  const file = path.join(dir, `${results.startedAt.replace(/[:.]/g, "-")}.json`);
  fs.writeFileSync(file, json);
  // latest.json is the latest run of every section, so a partial (--only) run does not replace it.
  const complete = SECTIONS.every((s) => sections.includes(s));
  if (complete) fs.writeFileSync(path.join(dir, "latest.json"), json);
  log(`\n[bench] results: ${path.relative(ROOT, file)}${complete ? " (and bench-results/latest.json)" : ""}`);

  const failedCount = results.budgets.filter((b) => b.status === "FAIL").length + Object.keys(results.errors).length;
  if (values.check && failedCount > 0) {
    log(`[bench] --check: ${failedCount} budget(s) failed or section(s) errored`);
    process.exitCode = 1;
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
