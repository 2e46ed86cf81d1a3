// Console tables for the start-up section.
import { ms, round } from "./stats";
import { renderTable } from "./table";
import type { StartupResult } from "./startup";

export function startupTables(r: StartupResult): string {
  const order = ["mail", "auth", "identity", "app"] as const;
  const ready = renderTable(
    `Start-up: spawn → every listener answering (median of ${r.runs}; web build ${r.skipWebBuild ? "present, SKIP_WEB_BUILD=1" : "built on first start"})`,
    ["data folder", "all ready", ...order.map((l) => `${l} up`)],
    [
      ["empty", ms(r.empty.medianMs), ...order.map((l) => ms(r.empty.listenersMedianMs[l]))],
      ["existing", ms(r.existing.medianMs), ...order.map((l) => ms(r.existing.listenersMedianMs[l]))],
    ],
  );
  const p = r.profile;
  const pkgTotal = (x: typeof p.empty) => Object.values(x.packages).reduce((a, b) => a + b, 0);
  const topPackages = Object.entries(p.empty.packages)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([name, t]) => `${name} ${round(t, 0)}`)
    .join(", ");
  const phases = renderTable(
    "Start-up profile (one in-process start per column; ms)",
    ["phase", "empty", "existing", "cold tsx cache"],
    [
      ["plain `node -e 0` (reference, median of 5)", ms(p.plainNodeMs), "", ""],
      [
        "node + tsx loader to entry",
        ms(p.empty.nodeAndLoaderMs),
        ms(p.existing.nodeAndLoaderMs),
        ms(p.coldCompile.nodeAndLoaderMs),
      ],
      ["third-party packages", ms(pkgTotal(p.empty)), ms(pkgTotal(p.existing)), ms(pkgTotal(p.coldCompile))],
      [
        "project modules (tsx)",
        ms(p.empty.projectModulesMs),
        ms(p.existing.projectModulesMs),
        ms(p.coldCompile.projectModulesMs),
      ],
      ["startStack()", ms(p.empty.startStackMs), ms(p.existing.startStackMs), ms(p.coldCompile.startStackMs)],
      ["one bcrypt hash (cost 10)", ms(p.empty.bcryptHashMs), "", ""],
    ],
  );
  const unit = (v: number) => (v / p.plainNodeMs).toFixed(1);
  const scale = `  in units of a bare \`node -e 0\` (${ms(p.plainNodeMs)} now; ~40-60 ms on an idle 2-core machine): empty ${unit(r.empty.medianMs)}x, existing ${unit(r.existing.medianMs)}x`;
  const cpu = p.cpu
    ? renderTable(
        `CPU profile of one \`npm start\` (empty data folder), spawn to ready ${ms(p.cpu.readyMs)}: main thread busy ${ms(p.cpu.mainBusyMs)}, tsx loader thread busy ${ms(p.cpu.loaderBusyMs)}`,
        ["main thread, by package/folder incl. native work it calls", "%", "tsx loader thread", "%"],
        Array.from({ length: 10 }, (_, i) => {
          const m = p.cpu?.main.byCaller[i];
          const l = p.cpu?.loader?.byCaller[i];
          return [m?.owner ?? "", m ? m.percent : "", l?.owner ?? "", l ? l.percent : ""];
        }),
      )
    : "";
  return `${ready}\n${phases}\n  heaviest packages (empty run, ms): ${topPackages}\n${scale}${cpu ? `\n${cpu}` : ""}`;
}
