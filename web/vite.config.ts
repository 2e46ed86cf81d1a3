// Vite builds the SPA from web/ into web/dist (served by the app listener). The dev server
// proxies the product API and the dev config document to the app listener, so `npm run dev`
// talks to the same stack as the built bundle.
import { createServer, defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";

const appPort = process.env.APP_PORT ?? "3000";
const appOrigin = `http://127.0.0.1:${appPort}`;

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
/** Text assets worth compressing; below ~1 KB the saving does not pay for the extra file. */
const COMPRESSIBLE = /\.(js|css|svg|html)$/;
const MIN_COMPRESS_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/**
 * Writes a .gz (gzip level 9) and a .br (brotli quality 11) twin next to every text asset of the
 * production build. The app's static plugin serves a twin when the browser accepts it, so the
 * maximum compression is paid once at build time instead of per request (or not at all).
 */
function precompress(): Plugin {
  let outDir = "";
  return {
    name: "founder-foundation:precompress",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const jobs: Promise<void>[] = [];
      for await (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        jobs.push(
          readFile(file).then(async (source) => {
            if (source.length < MIN_COMPRESS_BYTES) return;
            const [gz, br] = await Promise.all([
              gzipAsync(source, { level: 9 }),
              brotliAsync(source, {
                params: {
                  [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
                  [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
                  [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.length,
                },
              }),
            ]);
            await Promise.all([writeFile(`${file}.gz`, gz), writeFile(`${file}.br`, br)]);
          }),
        );
      }
      await Promise.all(jobs);
    },
  };
}

const ROOT_DIV = '<div id="root"></div>';

/**
 * Puts the sign-in card's markup (web/src/app/prerender-sign-in.tsx, rendered once at build time
 * through a throwaway Vite server) into index.html's root, so /sign-in paints before its JavaScript
 * runs. theme-init.js hides it on a page that may hold a session, where the app shows 'Loading' first.
 */
function prerenderSignIn(): Plugin {
  return {
    name: "founder-foundation:prerender-sign-in",
    apply: "build",
    async transformIndexHtml(html) {
      const server = await createServer({
        configFile: false,
        root: fileURLToPath(new URL(".", import.meta.url)),
        logLevel: "error",
        appType: "custom",
        server: { middlewareMode: true, hmr: false, ws: false },
        resolve: { alias: ALIASES },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const mod = (await server.ssrLoadModule("/src/app/prerender-sign-in.tsx")) as { renderSignInShell(): string };
        return html.replace(ROOT_DIV, `<div id="root"><div data-prerendered>${mod.renderSignInShell()}</div></div>`);
      } finally {
        await server.close();
      }
    },
  };
}

const ALIASES = [
  { find: "@contract", replacement: fileURLToPath(new URL("../server/src/contract", import.meta.url)) },
  { find: "@", replacement: fileURLToPath(new URL("./src", import.meta.url)) },
  // The contract's schemas in the browser build without eval (src/lib/zod.ts).
  { find: /^zod$/, replacement: fileURLToPath(new URL("./src/lib/zod.ts", import.meta.url)) },
];

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  plugins: [react(), tailwindcss(), prerenderSignIn(), precompress()],
  resolve: { alias: ALIASES },
  server: {
    proxy: {
      "/api": appOrigin,
      "/app-config.json": appOrigin,
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // The identity widget and the admin area are heavy and used on few screens: keep them
        // in their own chunks (they are also React.lazy-loaded) so sign-in and the dashboard stay small.
        codeSplitting: {
          // Shared modules a group imports stay shared instead of moving into that group.
          includeDependenciesRecursively: false,
          groups: [
            {
              name: "identity",
              test: /[\\/](web[\\/]src[\\/]features[\\/]identity[\\/]identity-check\.tsx$|node_modules[\\/]@sumsub[\\/])/,
            },
            { name: "admin", test: /[\\/]web[\\/]src[\\/]features[\\/]admin[\\/]/ },
            { name: "supabase", test: /[\\/]node_modules[\\/]@supabase[\\/]/ },
            // The contract's zod schemas: only forms (creation and edit screens) build them. Their own
            // chunk, so the bundler's chunk merging never puts them beside what the dashboard reads
            // (docs/decisions/0183).
            {
              name: "schemas",
              test: /[\\/](node_modules[\\/]zod[\\/]|web[\\/]src[\\/]lib[\\/]zod\.ts$|server[\\/]src[\\/]contract[\\/](entities|forms|refine|output-shape|errors)\.ts$)/,
            },
          ],
        },
      },
    },
  },
});
