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
  // The writers sign a new user in again and again until the kill, which comes 0.3-0.9 s x the
  // machine factor after the first write: on a machine measured slow that is seconds, past
  // config.toml's 300 sign-ins per 5 minutes, and a 429 is no crash. This suite is about what
  // survives a kill, not the limits (the auth emulator's own suites cover those).
  configOverrides: { ...PROJECT_AUTH_OPTIONS.configOverrides, rateLimit: { signInSignUps: 1_000_000 } },
  host: "127.0.0.1",
  port,
  dataDir,
  publicUrl: url,
  quiet: true,
  bcryptCost: 4,
});
process.stdout.write(`READY ${url}\n`);
