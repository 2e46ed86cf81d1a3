// CI's closing summary says whether the dependency audit ran: a registry that refuses the advisory
// request does not fail CI (scripts/audit.mjs), so the summary must say plainly that nothing was
// audited and why, and keep the test counts as its last line.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { AUDIT_RESULT, auditOutcome } from "../../scripts/audit.mjs";
import { REPO_ROOT } from "../../server/src/app";

/** npm 11's `npm audit --json` when the registry refuses the bulk advisory request (its URL left out). */
const REFUSED = JSON.stringify({
  message: "405 Method Not Allowed - POST <registry>/-/npm/v1/security/advisories/bulk",
  method: "POST",
  statusCode: 405,
  body: "",
  error: { summary: "", detail: "" },
});
const AUDITED = JSON.stringify({
  auditReportVersion: 2,
  vulnerabilities: {},
  metadata: { vulnerabilities: { info: 0, low: 1, moderate: 2, high: 0, critical: 0, total: 3 } },
});
const RESULTS = { numPassedTests: 3, numFailedTests: 0, numPendingTests: 1, numTodoTests: 0, testResults: [] };

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** ci-summary.mjs's output lines, run where CI runs it, with this audit outcome (or none). */
function summary(outcome: object | undefined): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ff-ci-summary-"));
  dirs.push(dir);
  fs.writeFileSync(path.join(dir, ".test-results.json"), JSON.stringify(RESULTS));
  if (outcome) fs.writeFileSync(path.join(dir, AUDIT_RESULT), JSON.stringify(outcome));
  const run = spawnSync(process.execPath, [path.join(REPO_ROOT, "scripts/ci-summary.mjs")], {
    cwd: dir,
    encoding: "utf8",
  });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout.trim().split("\n");
}

describe("the audit in CI's closing summary", () => {
  it("says plainly that no audit ran when the registry refused it, and why", () => {
    const outcome = auditOutcome(REFUSED);
    expect(outcome).toEqual({
      ran: false,
      reason: "the registry answered 405 Method Not Allowed to the advisory request",
    });
    const lines = summary(outcome);
    expect(lines[0]).toMatch(/^NO AUDIT RAN: the registry answered 405 Method Not Allowed to the advisory request\./);
    expect(lines[0]).toContain("run `npm audit --omit=dev` where a registry answers (docs/security.md)");
    expect(lines.at(-1)).toBe("3 passed, 0 failed, 1 skipped");
  });

  it("gives the counts when an audit ran, and fails the audit step only on high or critical", () => {
    const outcome = auditOutcome(AUDITED);
    expect(outcome).toEqual({ ran: true, line: "npm audit: 0 critical, 0 high, 2 moderate, 1 low", serious: 0 });
    expect(summary(outcome)).toEqual([
      "npm audit: 0 critical, 0 high, 2 moderate, 1 low",
      "3 passed, 0 failed, 1 skipped",
    ]);
    expect(auditOutcome(AUDITED.replace('"high":0', '"high":2'))).toMatchObject({ serious: 2 });
  });

  it("says when the audit step left no result at all", () => {
    expect(summary(undefined)[0]).toBe("npm audit: no result (scripts/audit.mjs did not run)");
  });
});
