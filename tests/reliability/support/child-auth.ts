// Child-process entry for the crash suites: the auth emulator alone on AUTH_PORT with its SQLite
// store in DATA_DIR (no mailbox: nothing here sends mail), announcing "READY <url>" on stdout.
import { startAuthEmulator } from "../../../supabase/emulator/index";

const port = Number(process.env.AUTH_PORT);
const dataDir = process.env.DATA_DIR;
if (!port || !dataDir) throw new Error("AUTH_PORT and DATA_DIR are required");
const url = `http://127.0.0.1:${port}`;
await startAuthEmulator({
  host: "127.0.0.1",
  port,
  dataDir,
  smtpUrl: "smtp://127.0.0.1:9",
  mailFrom: "Founder Foundation <no-reply@founder-foundation.local>",
  publicUrl: url,
  quiet: true,
  bcryptCost: 4,
});
process.stdout.write(`READY ${url}\n`);
