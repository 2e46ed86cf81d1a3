// A production build of the web app (Vite), into web/dist or another folder with a deployment's
// VITE_* settings; ensureWebBuild() builds once when web/dist is older than any web source.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export function buildWeb(opts: { outDir?: string; env?: Record<string, string> } = {}): void {
  const outDir = opts.outDir ? ["--outDir", opts.outDir, "--emptyOutDir"] : [];
  execFileSync(
    process.execPath,
    [
      path.join(ROOT, "node_modules/vite/bin/vite.js"),
      "build",
      "--config",
      "web/vite.config.ts",
      "--logLevel",
      "warn",
      ...outDir,
    ],
    {
      cwd: ROOT,
      stdio: "inherit",
      // vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
      env: { ...process.env, ...opts.env, NODE_ENV: "production" },
    },
  );
}

const distIndex = path.join(ROOT, "web/dist/index.html");
const sources = ["web/src", "web/public", "web/index.html", "web/vite.config.ts", "server/src/contract"].map((p) =>
  path.join(ROOT, p),
);

function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

function webBuildIsStale(): boolean {
  if (!fs.existsSync(distIndex)) return true;
  const built = fs.statSync(distIndex).mtimeMs;
  return sources.some((s) => newestMtime(s) > built);
}

export function ensureWebBuild(): void {
  if (!webBuildIsStale()) return;
  buildWeb();
}
