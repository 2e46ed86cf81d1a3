// `npm audit --omit=dev`: fails on high or critical advisories. A registry that refuses the advisory
// request (the one this project's machines reach answers 405) cannot fail every run, so the outcome
// goes to AUDIT_RESULT, and CI's closing summary (ci-summary.mjs) says plainly whether an audit ran.
import fs from "node:fs";
import { spawnSync } from "node:child_process";
import { pathToFileURL } from "node:url";

export const AUDIT_RESULT = ".audit-result.json";

/** `{ ran: true, line, serious }` from npm's JSON report, or `{ ran: false, reason }` when it has none. */
export function auditOutcome(stdout) {
  let report;
  try {
    report = JSON.parse(stdout || "{}");
  } catch {
    return { ran: false, reason: "npm audit printed no JSON report" };
  }
  if (!report.metadata) {
    // npm's message names the status and then the request ("405 Method Not Allowed - POST <url>").
    const status = typeof report.message === "string" ? report.message.split(" - ")[0] : undefined;
    const reason = status
      ? `the registry answered ${status} to the advisory request`
      : `npm audit failed (${report.error?.summary || "no report"})`;
    return { ran: false, reason };
  }
  const v = report.metadata.vulnerabilities ?? {};
  const line = `npm audit: ${v.critical ?? 0} critical, ${v.high ?? 0} high, ${v.moderate ?? 0} moderate, ${v.low ?? 0} low`;
  return { ran: true, line, serious: (v.high ?? 0) + (v.critical ?? 0) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const run = spawnSync("npm", ["audit", "--omit=dev", "--json"], { encoding: "utf8" });
  const outcome = run.error ? { ran: false, reason: run.error.message } : auditOutcome(run.stdout);
  fs.writeFileSync(AUDIT_RESULT, JSON.stringify(outcome));
  console.log(outcome.ran ? outcome.line : `npm audit did not run: ${outcome.reason}`);
  process.exit(outcome.ran && outcome.serious > 0 ? 1 : 0);
}
