// Child-process entry: boots the whole local stack the way the test suites do (free ports,
// throwaway DATA_DIR, no request logging) and prints its settings as one JSON line, so the load
// generator and browser in the parent process never share this event loop.
import { bootStack } from "../../tests/support/stack";
import { READY_PREFIX, type ServedStack } from "./remote-stack";

const stack = await bootStack();
const served: ServedStack = {
  config: stack.config,
  dataDir: stack.dataDir,
  appUrl: stack.app.url,
  mailUrl: stack.mail?.url,
  smtpUrl: stack.mail?.smtpUrl,
  identityUrl: stack.identity?.url,
};
process.stdout.write(`${READY_PREFIX}${JSON.stringify(served)}\n`);

const stop = async () => {
  await stack.close();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
