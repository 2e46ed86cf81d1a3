// The run's global setup, first in every project (the first to start does the work): the preflight
// of every system program the selected files need, and the run's wall time and CPU at its end.
import type { TestProject } from "vitest/node";
import { machineFactor } from "./machine";
import { startCpuMeter } from "./suite-cpu";
import { describeMissing, missingSystemNeeds, type SystemNeed } from "./system-deps";

declare module "vitest" {
  export interface ProvidedContext {
    /** What a project's files need from the operating system (vitest.config.ts, per project). */
    systemNeeds: SystemNeed[];
  }
}

/** Set once the run's setup has run in this (main) process (every project's setup module shares its globals, not its module state). */
const STARTED = Symbol.for("founder-foundation.test-run-started");

/** The needs of the projects that have files in this run (`--project` and file filters applied). */
function neededBy(project: TestProject): Set<SystemNeed> {
  const paths = project.vitest.state.getPaths();
  const needs = new Set<SystemNeed>();
  for (const p of project.vitest.projects) {
    if (!paths.some((file) => p.matchesTestGlob(file))) continue;
    for (const need of p.config.provide?.systemNeeds ?? []) needs.add(need);
  }
  return needs;
}

function minutes(seconds: number): string {
  const s = Math.round(seconds);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, "0")} s`;
}

export default function setup(project: TestProject): (() => void) | undefined {
  const globals = globalThis as { [STARTED]?: boolean };
  if (globals[STARTED]) return undefined;
  globals[STARTED] = true;

  const missing = missingSystemNeeds(neededBy(project));
  if (missing.length) {
    // Exit rather than throw: vitest would follow a throw with every project's include patterns.
    console.error(`\n${describeMissing(missing)}\n`);
    process.exit(1);
  }

  const meter = startCpuMeter();
  return () => {
    const wall = process.uptime();
    const cpu = meter?.read();
    meter?.close();
    const cpuText =
      cpu === undefined
        ? "CPU-seconds not counted (no writable cgroup)"
        : `${Math.round(cpu)} CPU-seconds (every process of the run, its cgroup)`;
    console.log(
      `\nRun: ${minutes(wall)} wall (${Math.round(wall)} s), ${cpuText}, machine factor ${machineFactor().toFixed(1)}`,
    );
  };
}
