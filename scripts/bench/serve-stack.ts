// Child-process entry: boots the whole local stack the way the test suites do (free ports,
// throwaway DATA_DIR, no request logging) and prints its settings as one JSON line, so the load
// generator and browser in the parent process never share this event loop.
import { bootStack } from "../../tests/support/stack";
import { buildApp } from "../../server/src/app";
import { READY_PREFIX, type ServedStack } from "./remote-stack";

const stack = await bootStack();

// With BENCH_WEB_DIST, a second app instance on the same config and data serves that web build
// (a fresh production build), leaving web/dist alone for tests and `npm start`.
const webDist = process.env.BENCH_WEB_DIST;
const webApp = webDist ? await buildApp(stack.config, { quiet: true, webDist }) : undefined;
if (webApp) await webApp.listen({ host: "127.0.0.1", port: 0 });
const webAddress = webApp?.server.address();

const served: ServedStack = {
  config: stack.config,
  dataDir: stack.dataDir,
  appUrl: stack.app.url,
  mailUrl: stack.mail?.url,
  smtpUrl: stack.mail?.smtpUrl,
  webAppUrl: webAddress && typeof webAddress === "object" ? `http://127.0.0.1:${webAddress.port}` : undefined,
};
process.stdout.write(`${READY_PREFIX}${JSON.stringify(served)}\n`);

const stop = async () => {
  await webApp?.close();
  await stack.close();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
