// `npm start`: validate settings, build what is missing (web bundle; the database is migrated
// by the app at start), then bring every listener up and print where they are.
import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { startStack, loadConfigOrExit, closeOnSignals, startupFailure } from "./stack";

const root = path.resolve(import.meta.dirname, "..");

function ensureWebBuild(): void {
  if (fs.existsSync(path.join(root, "web/dist/index.html"))) return;
  console.log("Building the web app (first start)…");
  execFileSync(
    process.execPath,
    [path.join(root, "node_modules/vite/bin/vite.js"), "build", "--config", "web/vite.config.ts", "--logLevel", "warn"],
    {
      cwd: root,
      stdio: "inherit",
      // A production bundle whatever NODE_ENV this process has.
      env: { ...process.env, NODE_ENV: "production" },
    },
  );
}

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  // WEB_DIST names a build made elsewhere (with the production VITE_* settings): nothing to build here.
  if (process.env.SKIP_WEB_BUILD !== "1" && !config.webDist) ensureWebBuild();
  const stack = await startStack(config);
  const lines = [
    `app       ${stack.app.url}${config.apiDocsEnabled ? `  (API docs ${stack.app.url}/api/docs)` : ""}`,
    stack.auth && `auth      ${stack.auth.url}/auth/v1`,
    stack.mail && `mailbox   ${stack.mail.url}  (SMTP ${stack.mail.smtpUrl})`,
    stack.identity && `identity  ${stack.identity.url}`,
  ].filter(Boolean);
  console.log(`\nFounder Foundation is running:\n  ${lines.join("\n  ")}\n`);
  closeOnSignals(stack.close);
}

main().catch((err: unknown) => {
  console.error(startupFailure(err));
  process.exit(1);
});
