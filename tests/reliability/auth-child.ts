// Child-process entry for crash-auth.test.ts (spawned with tests/support/app.ts spawnChild): the auth emulator alone on AUTH_PORT with its SQLite
// store in DATA_DIR (its mailbox on free ports; nothing here sends mail), announcing "READY <url>" on stdout.
import { startAuthEmulator } from "@founder-foundation/auth-emulator";
import { PROJECT_AUTH_OPTIONS } from "../../supabase/demo-seed";

const port = Number(process.env.AUTH_PORT);
const dataDir = process.env.DATA_DIR;
if (!port || !dataDir) throw new Error("AUTH_PORT and DATA_DIR are required");
const url = `http://127.0.0.1:${port}`;
await startAuthEmulator({
  ...PROJECT_AUTH_OPTIONS,
  host: "127.0.0.1",
  port,
  dataDir,
  publicUrl: url,
  quiet: true,
  bcryptCost: 4,
});
process.stdout.write(`READY ${url}\n`);
