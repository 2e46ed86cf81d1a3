// Console table for the start-up section.
import { ms } from "./stats";
import { renderTable } from "./table";
import type { StartupResult } from "./startup";

export function startupTables(r: StartupResult): string {
  const order = ["mail", "auth", "identity", "app"] as const;
  return renderTable(
    `Start-up: spawn → every listener answering (median of ${r.runs}; web build ${r.skipWebBuild ? "present, SKIP_WEB_BUILD=1" : "built on first start"})`,
    ["data folder", "all ready", ...order.map((l) => `${l} up`)],
    [
      ["empty", ms(r.empty.medianMs), ...order.map((l) => ms(r.empty.listenersMedianMs[l]))],
      ["existing", ms(r.existing.medianMs), ...order.map((l) => ms(r.existing.listenersMedianMs[l]))],
    ],
  );
}
