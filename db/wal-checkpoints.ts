// WAL checkpoints off the event loop (docs/decisions/0199): a worker thread's connection copies the
// WAL into the database file, which a COMMIT on the loop did every thousand frames, slower with more data.
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type Database from "better-sqlite3";

/** How often the worker copies what the WAL holds (a pass with nothing to copy costs microseconds). */
const PASS_MS = 20;
/** The app's connection checkpoints past this many frames (~40 MB): SQLite rewinds the WAL only at a
 * write that finds it all copied, rare in a burst, so its own (then small) checkpoint bounds the file. */
/** @internal */ export const APP_AUTOCHECKPOINT_FRAMES = 10_000;

// CommonJS by `eval` (no build step for a worker file). PASSIVE never waits for the app's connection.
const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma("synchronous = FULL");
db.pragma("cache_size = 0");
const checkpoint = db.prepare("PRAGMA wal_checkpoint(PASSIVE)");
const timer = setInterval(() => {
  try {
    checkpoint.get();
  } catch {}
}, workerData.passMs);
parentPort.once("message", () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/** Starts checkpointing `sqlite`'s file from a worker thread; `stop` ends it before the app's connection closes. */
export function startWalCheckpoints(sqlite: Database.Database): { stop(): Promise<void> } {
  sqlite.pragma(`wal_autocheckpoint = ${APP_AUTOCHECKPOINT_FRAMES}`);
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: {
      file: sqlite.name,
      driver: createRequire(import.meta.url).resolve("better-sqlite3"),
      passMs: PASS_MS,
    },
    resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 8 },
  });
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  // The app's exit is never held up by it; if it fails, the app's own checkpoints do the work.
  worker.unref();
  worker.on("error", () => undefined);
  return {
    stop: async () => {
      // Held again while it closes: an unref'd worker alone would let the process end mid-await.
      worker.ref();
      worker.postMessage("stop");
      await exited;
    },
  };
}
