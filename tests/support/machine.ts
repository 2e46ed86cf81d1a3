// How much slower this machine is than the one the suite's time limits were set on, and the one
// way to scale a limit by it (docs/testing.md, "Fresh machines, slow machines").
//
// A time limit in a test only guards against a hang. Its figure was chosen on the reference machine
// (2 cores, idle apart from the suite); on a machine three times slower, or shared, the same work
// takes three times as long and a fixed limit turns a slow run into failures. So the run measures
// the machine once, when vitest loads its config (a short CPU loop on two threads, as the suite
// keeps two cores busy), prints the factor, and hands it to every worker through the environment;
// every limit in the suite is `scaled(ms)`. The factor never goes below 1: a fast machine keeps the
// figures as they are (a limit is never tightened).
import { Worker } from "node:worker_threads";

/** Set in the main vitest process before any worker starts; workers and their children inherit it. Set it yourself to force a factor. */
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

/**
 * The calibration: the same integer loop on REFERENCE_THREADS threads at once for WINDOW_MS, counting
 * how much of it they get done. Two threads because the reference machine has two cores and the
 * suite keeps both busy: a machine with one core (or a third of two, under a CPU quota) gets less
 * done on two threads even when each core is as fast. A fixed window, not a fixed amount of work, so
 * a slow machine learns it is slow as quickly as a fast one; long enough to span a few periods of a
 * CPU quota (the kernel's CFS period is 100 ms), or a quota would not show.
 */
const REFERENCE_THREADS = 2;
const WINDOW_MS = 400;
/**
 * Loop iterations per ms both threads together get done on the reference machine: twice what one
 * thread does per ms of its own CPU time there (640,000; CPU time, so that other work on the machine
 * does not lower the figure).
 */
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

/**
 * Measures the factor and publishes it in the environment (for the workers vitest starts next),
 * unless the environment already has one (set by hand, or by a vitest run that started this one).
 */
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
