// A production build of the web app (Vite), as `npm run build` makes it: into web/dist, or into
// another folder with the production VITE_* settings of a deployment (tests/production).
import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export function buildWeb(opts: { outDir?: string; env?: Record<string, string> } = {}): void {
  const outDir = opts.outDir ? ["--outDir", opts.outDir, "--emptyOutDir"] : [];
  execFileSync(process.execPath, [path.join(ROOT, "node_modules/vite/bin/vite.js"), "build", "--config", "web/vite.config.ts", "--logLevel", "warn", ...outDir], {
    cwd: ROOT,
    stdio: "inherit",
    // vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    env: { ...process.env, ...opts.env, NODE_ENV: "production" },
  });
}
