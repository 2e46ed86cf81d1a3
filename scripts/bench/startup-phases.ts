// Child-process entry for the start-up profile: where does `npm start`'s time go? Prints one JSON
// line with the time to reach this file (Node + the tsx loader), to load the big third-party
// packages, to load (and, with a cold tsx cache, compile) the project's own modules, and to run
// startStack() itself, in a DATA_DIR the parent chose (empty or already used).
import { READY_PREFIX } from "./remote-stack";

export interface PhaseProfile {
  /** Process start to the first line of this file: Node boot plus registering the tsx loader. */
  nodeAndLoaderMs: number;
  /** Each heavy third-party package the stack loads, imported on its own (in this order). */
  packages: Record<string, number>;
  /** The project's modules (scripts/stack.ts and everything it imports), after the packages. */
  projectModulesMs: number;
  /** startStack(config): databases, migrations, seeding, listeners. */
  startStackMs: number;
  /** One bcrypt hash at the auth emulator's cost (what seeding an empty data folder pays). */
  bcryptHashMs: number;
}

// The packages behind the listeners, roughly in the order the stack first needs them.
const PACKAGES = [
  "zod",
  "fastify",
  "smtp-server",
  "mailparser",
  "nodemailer",
  "better-sqlite3",
  "drizzle-orm",
  "bcryptjs",
  "jose",
  "otplib",
  "@fastify/swagger",
  "@fastify/swagger-ui",
  "helmet",
  "@fastify/static",
  "fastify-type-provider-zod",
  "pdf-lib",
];

const BCRYPT_COST = 10;
const entered = performance.now();

async function main(): Promise<void> {
  const packages: Record<string, number> = {};
  for (const name of PACKAGES) {
    const start = performance.now();
    await import(name);
    packages[name] = performance.now() - start;
  }
  let start = performance.now();
  const { loadConfig } = await import("../../server/src/config");
  const { startStack } = await import("../stack");
  const projectModulesMs = performance.now() - start;

  start = performance.now();
  const stack = await startStack(loadConfig({ ...process.env, LOG_LEVEL: "silent" }), { quiet: true });
  const startStackMs = performance.now() - start;
  await stack.close();

  const bcrypt = (await import("bcryptjs")).default;
  start = performance.now();
  await bcrypt.hash("Founder!2026", BCRYPT_COST);
  const bcryptHashMs = performance.now() - start;

  const profile: PhaseProfile = { nodeAndLoaderMs: entered, packages, projectModulesMs, startStackMs, bcryptHashMs };
  process.stdout.write(`${READY_PREFIX}${JSON.stringify(profile)}\n`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
