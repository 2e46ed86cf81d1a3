// Child-process entry (tests/support/app.ts, spawnApp): the app listener alone, configured from the
// environment exactly as scripts/stack.ts configures it, announcing "READY <url>" on stdout.
import { loadConfig } from "../../server/src/config";
import { startApp } from "../../server/src/main";

const app = await startApp(loadConfig(process.env), { quiet: true });
process.stdout.write(`READY ${app.url}\n`);
