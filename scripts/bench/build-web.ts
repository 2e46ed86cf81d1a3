// Child-process entry (run with NODE_ENV=production): a production build of the web app into the
// folder given as argv[2], with Vite's manifest, plus which source modules went into each chunk
// (recorded by a small plugin), so the section can prove what the initial route loads.
import path from "node:path";
import fs from "node:fs";
import { build, type Plugin } from "vite";
import { READY_PREFIX, ROOT } from "./remote-stack";
import { MODULE_MAP_FILE, type BuildInfo, type ModuleMap } from "./web-bundle";

const outDir = process.argv[2];
if (!outDir) throw new Error("usage: build-web.ts <outDir>");

/** chunk file name → the modules bundled into it (paths relative to the repository) and their rendered size. */
const moduleMap: ModuleMap = {};
const recordModules: Plugin = {
  name: "bench-record-chunk-modules",
  generateBundle(_options, bundle) {
    for (const out of Object.values(bundle)) {
      if (out.type !== "chunk") continue;
      moduleMap[out.fileName] = Object.entries(out.modules).map(([id, m]) => ({
        id: path.relative(ROOT, id.replace(/^\0/, "")),
        bytes: m.renderedLength,
      }));
    }
  },
};

const started = performance.now();
await build({
  configFile: path.join(ROOT, "web/vite.config.ts"),
  mode: "production",
  logLevel: "error",
  plugins: [recordModules],
  build: { outDir, emptyOutDir: true, manifest: true },
});
const info: BuildInfo = { buildMs: performance.now() - started };
fs.writeFileSync(path.join(outDir, MODULE_MAP_FILE), JSON.stringify(moduleMap));
process.stdout.write(`${READY_PREFIX}${JSON.stringify(info)}\n`);
