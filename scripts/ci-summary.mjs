// CI's closing summary: whether the dependency audit ran (scripts/audit.mjs's result), then Vitest's
// JSON results as the plain closing line CI reads: "N passed, N failed, N skipped".
import fs from "node:fs";
import { AUDIT_RESULT } from "./audit.mjs";

/** One plain line on the audit: its counts, or that none ran and why (CI does not fail on it). */
function auditLine() {
  if (!fs.existsSync(AUDIT_RESULT)) return "npm audit: no result (scripts/audit.mjs did not run)";
  const outcome = JSON.parse(fs.readFileSync(AUDIT_RESULT, "utf8"));
  if (outcome.ran) return outcome.line;
  return `NO AUDIT RAN: ${outcome.reason}. Dependencies are unaudited; run \`npm audit --omit=dev\` where a registry answers (docs/security.md).`;
}

console.log(auditLine());
const file = process.argv[2] ?? ".test-results.json";
if (!fs.existsSync(file)) {
  console.log("0 passed, 1 failed");
  console.error(`no test results at ${file}`);
  process.exit(1);
}
const r = JSON.parse(fs.readFileSync(file, "utf8"));
const passed = r.numPassedTests ?? 0;
const failed = r.numFailedTests ?? 0;
const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
// A file that failed outside its tests (did not load, a beforeAll threw) counts as a failure.
const brokenSuites = (r.testResults ?? []).filter(
  (s) => s.status === "failed" && !(s.assertionResults ?? []).some((a) => a.status === "failed"),
).length;
console.log(`${passed} passed, ${failed + brokenSuites} failed, ${skipped} skipped`);
process.exit(failed + brokenSuites > 0 || passed === 0 ? 1 : 0);
