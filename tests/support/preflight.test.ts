// The run's preflight names every missing system program in one message with its install command;
// files that need none run regardless. Each case is a real vitest run with the programs pointed away.
import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./web-build";

const NOWHERE = {
  CHROMIUM_PATH: "/nonexistent/chromium",
  POSTGRES_BIN: "/nonexistent/postgresql/bin",
  PGBOUNCER_BIN: "/nonexistent/pgbouncer",
  FIREFOX_PATH: "/nonexistent/firefox-esr",
};

/** `vitest run <files>` as a user would start it, without this run's worker settings. */
function vitestRun(files: string[]): Promise<{ code: number | null; output: string }> {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env))
    if (!key.startsWith("VITEST") && !key.startsWith("FF_TEST_") && !["NODE_ENV", "FORCE_COLOR"].includes(key))
      env[key] = value;
  // The dot reporter: no results file over this run's.
  const child = spawn(
    process.execPath,
    [path.join(ROOT, "node_modules/vitest/vitest.mjs"), "run", "--reporter=dot", ...files],
    { cwd: ROOT, env: { ...env, ...NOWHERE, NO_COLOR: "1" } },
  );
  let output = "";
  child.stdout.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr.on("data", (c: Buffer) => (output += c.toString()));
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, output })));
}

describe("the preflight", () => {
  it("names every missing program in one message with the install command, and no test file starts", async () => {
    const { code, output } = await vitestRun(["tests/e2e/admin.test.ts"]);
    expect(code).toBe(1);
    const messages = output.split("\n").filter((l) => l.startsWith("Missing for the tests:"));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(
      "chromium (no /nonexistent/chromium), postgres (no /nonexistent/postgresql/bin/postgres), pgbouncer (no /nonexistent/pgbouncer), firefox (no /nonexistent/firefox-esr)",
    );
    expect(messages[0]).toContain("`npm run setup:test`");
    expect(messages[0]).toContain("apt-get install -y chromium postgresql pgbouncer firefox-esr");
    expect(output).not.toMatch(/Test Files/);
  });

  it("asks nothing of files that need none of them (web component tests)", async () => {
    const { code, output } = await vitestRun(["web/src/lib/rate-limit.test.ts"]);
    expect(output).not.toContain("Missing for the tests");
    expect(output).toMatch(/Test Files\s+1 passed/);
    expect(code).toBe(0);
  });
});
