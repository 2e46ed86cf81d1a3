// The app listener serves web/dist, so browser tests need a current bundle: build once when
// web/dist is missing or older than any web source (CI builds before testing, so this is a no-op there).
import fs from "node:fs";
import path from "node:path";
import { buildWeb, ROOT as root } from "../../support/web-build";

const distIndex = path.join(root, "web/dist/index.html");
const sources = ["web/src", "web/public", "web/index.html", "web/vite.config.ts", "server/src/contract"].map((p) => path.join(root, p));

function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

export function webBuildIsStale(): boolean {
  if (!fs.existsSync(distIndex)) return true;
  const built = fs.statSync(distIndex).mtimeMs;
  return sources.some((s) => newestMtime(s) > built);
}

export function ensureWebBuild(): void {
  if (!webBuildIsStale()) return;
  buildWeb();
}
