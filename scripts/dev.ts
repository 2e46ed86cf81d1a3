// `npm run dev`: the same local stack as `npm start`, plus Vite's dev server (HMR) on 5173 that
// proxies /api and /app-config.json to the app listener (see web/vite.config.ts).
import path from "node:path";
import { createServer } from "vite";
import { loadConfig, ConfigError } from "../server/src/config";
import { startStack } from "./stack";

const root = path.resolve(import.meta.dirname, "..");

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  process.env.APP_PORT = String(config.ports.app);
  const stack = await startStack(config);
  const vite = await createServer({ configFile: path.join(root, "web/vite.config.ts") });
  await vite.listen();
  console.log(`\nFounder Foundation (dev):`);
  vite.printUrls();
  console.log(`  API ${stack.app.url}/api/docs · auth ${stack.auth?.url ?? config.auth.url} · mail ${stack.mail?.url ?? "-"}\n`);
  const stop = async () => {
    await vite.close();
    await stack.close();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
