#!/usr/bin/env node
// The command runs the package's compiled JavaScript (dist/cli.js), in this repository as in the
// published package. In the repository (the TypeScript source sits beside this folder; it is not
// published) the JavaScript is built first when missing or older than the source, so `npx
// auth-emulator` here and in a project that installed the package run, and measure, the same code.
import fs from "node:fs";
import v8 from "node:v8";

// Loading and starting allocate a lot that dies at once (V8 would keep an 8 MB young generation for it),
// and compiles by Turbofan and Sparkplug leave memory held: all wait until the emulator listens (cli.ts).
v8.setFlagsFromString("--semi-space-growth-factor=1 --optimize-for-size --no-turbofan --no-sparkplug");

const pkg = new URL("../", import.meta.url);
const built = new URL("dist/cli.js", pkg);

/** Newest modification time of the source files the build reads (tests and tooling aside). */
function newestSource(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!["dist", "node_modules", "bench", "build", "test-support", "fixtures"].includes(entry.name))
        newest = Math.max(newest, newestSource(new URL(`${entry.name}/`, dir)));
    } else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts")) {
      newest = Math.max(newest, fs.statSync(new URL(entry.name, dir)).mtimeMs);
    }
  }
  return newest;
}

if (fs.existsSync(new URL("cli.ts", pkg))) {
  const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
  if (newestSource(pkg) > builtAt) await (await import("../build/build.mjs")).buildJs();
}
await import(built.href);
