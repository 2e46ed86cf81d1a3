// `npm run dev`: the same local stack as `npm start`, plus Vite's dev server (HMR) on 5173 that
// proxies /api and /app-config.json to the app listener (see web/vite.config.ts).
import path from "node:path";
import { createServer } from "vite";
import { startStack, loadConfigOrExit, closeOnSignals, startupFailure } from "./stack";

const root = path.resolve(import.meta.dirname, "..");

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  process.env.APP_PORT = String(config.ports.app);
  const stack = await startStack(config);
  const vite = await createServer({ configFile: path.join(root, "web/vite.config.ts") });
  await vite.listen();
  console.log(`\nFounder Foundation (dev):`);
  vite.printUrls();
  console.log(
    `  API ${stack.app.url}/api/docs · auth ${stack.auth?.url ?? config.auth.url} · mail ${stack.mail?.url ?? "-"}\n`,
  );
  closeOnSignals(async () => {
    await vite.close();
    await stack.close();
  });
}

main().catch((err: unknown) => {
  console.error(startupFailure(err));
  process.exit(1);
});
