// How much slower this machine is than the reference one (2 idle cores), and scaled(ms): a time
// limit only guards a hang, so a slower or shared machine gets proportionally longer limits, never
// shorter ones (docs/decisions/0012).
import { Worker } from "node:worker_threads";

/** Workers and their children inherit it from the main process; set it yourself to force a factor. */
export const MACHINE_FACTOR_ENV = "FF_MACHINE_FACTOR";

/** The factor of this run (1 when nothing measured it, e.g. a script importing tests/support). */
export function machineFactor(): number {
  const factor = Number(process.env[MACHINE_FACTOR_ENV]);
  return Number.isFinite(factor) && factor >= 1 ? factor : 1;
}

/** A time limit chosen on the reference machine, for this machine. */
export function scaled(ms: number): number {
  return Math.round(ms * machineFactor());
}

// Two threads, as the suite keeps two cores busy (one core or a CPU quota shows); a fixed window
// spanning a few 100 ms CFS periods, so a quota shows too.
const THREADS = 2;
const WINDOW_MS = 400;
/** Loop iterations per ms of both threads on the reference machine. */
const REFERENCE_RATE = 1_280_000;

// Each thread says "ready" once started (start-up is not the machine's speed), then loops on "go".
const LOOP = `const { parentPort, workerData: windowMs } = require("node:worker_threads");
parentPort.once("message", () => {
  const deadline = performance.now() + windowMs;
  let x = 1, done = 0;
  while (performance.now() < deadline) {
    for (let i = 0; i < 100000; i++) x = (Math.imul(x ^ (x >>> 15), 0x2c1b3c6d) + i) | 0;
    done += 100000;
  }
  parentPort.postMessage(done + (x & 0));
});
parentPort.postMessage("ready");`;

const next = (w: Worker) => new Promise<unknown>((resolve, reject) => w.once("message", resolve).once("error", reject));

/** Measures the factor and publishes it to the workers, unless the environment has one; returns the run's first line. */
export async function calibrateMachine(): Promise<string> {
  if (process.env[MACHINE_FACTOR_ENV])
    return `machine factor ${machineFactor().toFixed(1)} (from ${MACHINE_FACTOR_ENV}): every test time limit is scaled by it`;
  const workers = Array.from({ length: THREADS }, () => new Worker(LOOP, { eval: true, workerData: WINDOW_MS }));
  try {
    await Promise.all(workers.map(next));
    const counts = await Promise.all(workers.map((w) => (w.postMessage("go"), next(w) as Promise<number>)));
    const rate = Math.round(counts.reduce((a, b) => a + b, 0) / WINDOW_MS);
    const factor = Math.max(1, Math.round((REFERENCE_RATE / rate) * 10) / 10);
    process.env[MACHINE_FACTOR_ENV] = String(factor);
    return `machine factor ${factor.toFixed(1)} (a ${WINDOW_MS} ms CPU loop on ${THREADS} threads did ${rate} steps/ms; the reference machine ${REFERENCE_RATE}): every test time limit is scaled by it`;
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
