// Prints Vitest's JSON results as the plain closing line CI reads: "N passed, N failed, N skipped".
import fs from "node:fs";

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
