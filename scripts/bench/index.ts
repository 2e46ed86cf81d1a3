// `npm run bench [-- --quick] [-- --check] [-- --only=startup,api,postgres,auth,web,journey,soak,durability,observability]`
// Measures start-up, API, auth and web speed side by side, prints tables and budget verdicts, and
// writes bench-results/<timestamp>.json and bench-results/latest.json. Everything runs on loopback.
import fs from "node:fs";
import os from "node:os";
import { parseArgs } from "node:util";
import path from "node:path";
import { ROOT } from "./remote-stack";
import { benchStartup, type StartupResult } from "./startup";
import { startupTables } from "./report-startup";
import { benchApi, type ApiResult } from "./api";
import { apiTable } from "./report-api";
import { benchAuth, type AuthResult } from "./auth";
import { authTable } from "./report-auth";
import { benchWeb } from "./web";
import { bundleTable, journeyTable, lighthouseTable, pagesTable } from "./report-web";
import type { WebBundleResult } from "./web-bundle";
import type { PageResult } from "./page-metrics";
import type { LighthouseResult } from "./lighthouse";
import type { JourneyResult } from "./journey";
import { checkBudgets, budgetTable, type BudgetVerdict } from "./budgets";
import { runSoak, soakSummary, type SoakResult } from "./soak";
import { benchDurability, durabilityTable, type DurabilityResult } from "./durability";
import { benchPostgres, postgresTable, type PostgresResult } from "./postgres";
import { benchObservability, observabilityTable, type ObservabilityResult } from "./observability";

const SECTIONS = [
  "startup",
  "api",
  "postgres",
  "auth",
  "web",
  "journey",
  "soak",
  "durability",
  "observability",
] as const;
type Section = (typeof SECTIONS)[number];

interface Options {
  quick: boolean;
  check: boolean;
  /** Always profile the app under load (otherwise only when the app/bare budget fails). */
  profile: boolean;
  sections: Section[];
}

function optionsFrom(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      quick: { type: "boolean", default: false },
      check: { type: "boolean", default: false },
      profile: { type: "boolean", default: false },
      only: { type: "string" },
    },
  });
  const sections = values.only ? (values.only.split(",") as Section[]) : [...SECTIONS];
  const unknown = sections.filter((s) => !SECTIONS.includes(s));
  if (unknown.length) throw new Error(`unknown section(s) ${unknown.join(", ")}; choose from ${SECTIONS.join(", ")}`);
  return { quick: values.quick, check: values.check, profile: values.profile, sections };
}

export interface BenchResults {
  startedAt: string;
  mode: "quick" | "full";
  machine: {
    node: string;
    cpus: number;
    cpuModel: string;
    platform: string;
    loadAverageAtStart: number[];
    loadAverageAtEnd?: number[];
  };
  startup?: StartupResult;
  api?: ApiResult;
  postgres?: PostgresResult;
  auth?: AuthResult;
  webBundle?: WebBundleResult;
  pages?: PageResult[];
  lighthouse?: LighthouseResult[];
  journey?: JourneyResult;
  soak?: SoakResult;
  durability?: DurabilityResult;
  observability?: ObservabilityResult;
  budgets: BudgetVerdict[];
  errors: Record<string, string>;
}

const log = (line: string) => console.log(line);

async function main(): Promise<void> {
  const opts = optionsFrom(process.argv.slice(2));
  const results: BenchResults = {
    startedAt: new Date().toISOString(),
    mode: opts.quick ? "quick" : "full",
    machine: {
      node: process.version,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? "unknown",
      platform: `${os.platform()} ${os.release()}`,
      loadAverageAtStart: os.loadavg().map((l) => Math.round(l * 100) / 100),
    },
    budgets: [],
    errors: {},
  };
  const tables: string[] = [];
  const [load1] = os.loadavg();
  if ((load1 ?? 0) > os.cpus().length) {
    // Absolute figures are then inflated by other work; the app/bare ratio is the figure that holds.
    log(
      `[bench] warning: load average ${load1?.toFixed(1)} on ${os.cpus().length} CPUs: other processes compete for the CPU; absolute timings will be inflated`,
    );
  }
  const run = async (section: Section, fn: () => Promise<void>) => {
    if (!opts.sections.includes(section)) return;
    log(`\n[bench] ${section}…`);
    try {
      await fn();
    } catch (err) {
      // One failing section must not hide the others' figures; it is reported and fails --check.
      results.errors[section] = err instanceof Error ? err.message : String(err);
      log(`[bench] ${section} failed: ${results.errors[section]}`);
    }
  };

  await run("startup", async () => {
    results.startup = await benchStartup({ runs: opts.quick ? 3 : 5, log });
    tables.push(startupTables(results.startup));
  });

  await run("api", async () => {
    results.api = await benchApi({
      durationS: opts.quick ? 3 : 10,
      rounds: opts.quick ? 3 : 5,
      connections: [1, 10, 50],
      profile: opts.profile ? true : "auto",
      log,
    });
    tables.push(apiTable(results.api));
  });

  await run("postgres", async () => {
    results.postgres = await benchPostgres({ durationS: opts.quick ? 3 : 10, rounds: opts.quick ? 3 : 5, log });
    tables.push(postgresTable(results.postgres));
  });

  await run("auth", async () => {
    results.auth = await benchAuth({ quick: opts.quick, log });
    tables.push(authTable(results.auth));
  });

  const wantPages = opts.sections.includes("web");
  const wantJourney = opts.sections.includes("journey");
  if (wantPages || wantJourney) {
    await run(wantPages ? "web" : "journey", async () => {
      const web = await benchWeb({
        pages: wantPages,
        journey: wantJourney,
        quick: opts.quick,
        log,
        onError: (section, err) => {
          results.errors[section] = err instanceof Error ? err.message : String(err);
          log(`[bench] ${section} failed: ${results.errors[section]}`);
        },
      });
      results.webBundle = web.bundle;
      results.pages = web.pages;
      results.lighthouse = web.lighthouse;
      results.journey = web.journey;
      if (web.bundle) tables.push(bundleTable(web.bundle));
      if (web.pages) tables.push(pagesTable(web.pages));
      if (web.lighthouse) tables.push(lighthouseTable(web.lighthouse));
      if (web.journey) tables.push(journeyTable(web.journey));
    });
  }

  await run("soak", async () => {
    // Correctness under sustained concurrent load (lost updates, stale reads, cross-account
    // probes, SSNs in the log, database integrity), reported beside the speed figures.
    results.soak = await runSoak({ durationSeconds: opts.quick ? 10 : 30, founders: 40 });
    tables.push(
      `\n== Soak: 40 founders editing and re-reading their own records, probes asking for others'\n${soakSummary(results.soak)}`,
    );
  });

  await run("durability", async () => {
    const durability = await benchDurability({ durationS: opts.quick ? 2 : 5, rounds: opts.quick ? 2 : 4, log });
    results.durability = durability;
    tables.push(durabilityTable(durability));
  });

  await run("observability", async () => {
    results.observability = await benchObservability({ pairs: opts.quick ? 8 : 40, connections: 10, log });
    tables.push(observabilityTable(results.observability));
  });

  results.budgets = checkBudgets(results);
  tables.push(budgetTable(results.budgets));
  results.machine.loadAverageAtEnd = os.loadavg().map((l) => Math.round(l * 100) / 100);
  console.log(tables.join("\n"));

  const dir = path.join(ROOT, "bench-results");
  fs.mkdirSync(dir, { recursive: true });
  const json = JSON.stringify(results, null, 2);
  const file = path.join(dir, `${results.startedAt.replace(/[:.]/g, "-")}.json`);
  fs.writeFileSync(file, json);
  // latest.json is the latest run of every section, so a partial (--only) run does not replace it.
  const complete = SECTIONS.every((sct) => opts.sections.includes(sct));
  if (complete) fs.writeFileSync(path.join(dir, "latest.json"), json);
  log(`\n[bench] results: ${path.relative(ROOT, file)}${complete ? " (and bench-results/latest.json)" : ""}`);

  const failed = results.budgets.filter((b) => b.status === "FAIL").length + Object.keys(results.errors).length;
  if (opts.check && failed > 0) {
    log(`[bench] --check: ${failed} budget(s) failed or section(s) errored`);
    process.exitCode = 1;
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
