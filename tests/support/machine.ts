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
const REFERENCE_THREADS = 2;
const WINDOW_MS = 400;
/** Loop iterations per ms of both threads on the reference machine. */
const REFERENCE_RATE = 1_280_000;

const LOOP = `
const { parentPort, workerData: windowMs } = require("node:worker_threads");
parentPort.once("message", () => {
  const deadline = performance.now() + windowMs;
  let x = 1;
  let done = 0;
  while (performance.now() < deadline) {
    for (let i = 0; i < 100000; i++) x = (Math.imul(x ^ (x >>> 15), 0x2c1b3c6d) + i) | 0;
    done += 100000;
  }
  parentPort.postMessage(done + (x & 0));
});
parentPort.postMessage("ready");`;

function nextMessage(worker: Worker): Promise<unknown> {
  return new Promise((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
}

/** Runs the loop on REFERENCE_THREADS threads started together; resolves to their iterations per ms. */
async function loopRate(): Promise<number> {
  const workers = Array.from(
    { length: REFERENCE_THREADS },
    () => new Worker(LOOP, { eval: true, workerData: WINDOW_MS }),
  );
  try {
    // Thread start-up is not the machine's speed: count only the loops.
    await Promise.all(workers.map(nextMessage));
    const counts = await Promise.all(
      workers.map((w) => {
        const done = nextMessage(w);
        w.postMessage("go");
        return done as Promise<number>;
      }),
    );
    return counts.reduce((a, b) => a + b, 0) / WINDOW_MS;
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

export interface Calibration {
  factor: number;
  /** The loop's iterations per ms (undefined when the factor came from the environment). */
  rate?: number;
}

/** Measures the factor and publishes it to the workers, unless the environment already has one. */
export async function calibrateMachine(): Promise<Calibration> {
  if (process.env[MACHINE_FACTOR_ENV]) return { factor: machineFactor() };
  const rate = await loopRate();
  const factor = Math.max(1, Math.round((REFERENCE_RATE / rate) * 10) / 10);
  process.env[MACHINE_FACTOR_ENV] = String(factor);
  return { factor, rate: Math.round(rate) };
}

/** The run's first line. */
export function describeCalibration(c: Calibration): string {
  const how =
    c.rate === undefined
      ? `from ${MACHINE_FACTOR_ENV}`
      : `a ${WINDOW_MS} ms CPU loop on ${REFERENCE_THREADS} threads did ${c.rate} steps/ms; the reference machine ${REFERENCE_RATE}`;
  return `machine factor ${c.factor.toFixed(1)} (${how}): every test time limit is scaled by it`;
}
