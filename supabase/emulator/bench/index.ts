// `npm run bench` in the package: the README's figures, measured through the package's bin (what `npx
// auth-emulator` runs) in a child process, beside the Firebase Auth emulator's in the same run when its
// CLI is found (FIREBASE_TOOLS_BIN, else `firebase` on PATH). Each pattern runs at 10 connections
// (autocannon, a request sequence per connection): one user signing in again and again, a new user
// per sign-up + sign-in, and a test's whole auth with a new user. Flags: --quick, --duration=<s>,
// --bin=<bin/auth-emulator.mjs of an installed copy>.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import net from "node:net";
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import autocannon, { type Request } from "autocannon";

const pkgDir = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const flag = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const quick = args.includes("--quick");
const duration = Number(flag("duration") ?? (quick ? 3 : 10));
const START_RUNS = quick ? 3 : 7;
const REST_MS = 5000;
const BIN = path.resolve(flag("bin") ?? path.join(pkgDir, "bin", "auth-emulator.mjs"));
const CONNECTIONS = 10;
const PASSWORD = "bench-password-1";
const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const load = () =>
  `load ${os
    .loadavg()
    .map((l) => round(l, 1))
    .join(" ")} on ${os.cpus().length} cores`;

type Ctx = { email: string; access: string; refresh: string; t0: number };
/** One request of a pattern, built from what earlier answers left in the connection's context. */
interface Step {
  method: "GET" | "POST";
  path: string;
  body?: (c: Ctx) => unknown;
  form?: boolean;
  bearer?: boolean;
  /** The answer's fields holding the access and refresh tokens. */
  tokens?: [string, string];
}
/** An emulator's REST API in the steps of the patterns; Firebase has no server call for sign-out. */
type Dialect = Record<"signUp" | "signIn" | "read" | "refresh", Step> & { signOut?: Step };

const credentials = (c: Ctx) => ({ email: c.email, password: PASSWORD, returnSecureToken: true });
const step = (method: Step["method"], path: string, more: Omit<Step, "method" | "path"> = {}): Step => ({
  method,
  path,
  ...more,
});
const SESSION: Step["tokens"] = ["access_token", "refresh_token"];
const GOTRUE: Dialect = {
  signUp: step("POST", "/auth/v1/signup", { body: credentials, tokens: SESSION }),
  signIn: step("POST", "/auth/v1/token?grant_type=password", { body: credentials, tokens: SESSION }),
  read: step("GET", "/auth/v1/user", { bearer: true }),
  refresh: step("POST", "/auth/v1/token?grant_type=refresh_token", {
    body: (c) => ({ refresh_token: c.refresh }),
    tokens: SESSION,
  }),
  signOut: step("POST", "/auth/v1/logout", { bearer: true }),
};
const ACCOUNTS = "/identitytoolkit.googleapis.com/v1/accounts";
const ID_TOKENS: Step["tokens"] = ["idToken", "refreshToken"];
const FIREBASE: Dialect = {
  signUp: step("POST", `${ACCOUNTS}:signUp?key=k`, { body: credentials, tokens: ID_TOKENS }),
  signIn: step("POST", `${ACCOUNTS}:signInWithPassword?key=k`, { body: credentials, tokens: ID_TOKENS }),
  read: step("POST", `${ACCOUNTS}:lookup?key=k`, { body: (c) => ({ idToken: c.access }) }),
  refresh: step("POST", "/securetoken.googleapis.com/v1/token?key=k", {
    body: (c) => `grant_type=refresh_token&refresh_token=${c.refresh}`,
    form: true,
    tokens: ["id_token", "refresh_token"],
  }),
};

interface Running {
  url: string;
  headers: Record<string, string>;
  dialect: Dialect;
  pids: () => number[];
  proc: ChildProcess;
}
/** loopMs: the share of cpuMs on the main threads (the event loop). */
type Figures = Record<"perSecond" | "p50" | "p99" | "failed" | "cpuMs" | "loopMs", number>;

let users = 0;
const newEmail = () => `u${process.pid}-${users++}@bench.test`;

/**
 * `steps` at CONNECTIONS connections for `duration` seconds; a whole sequence is one operation, timed
 * from its first request to its last answer. Without `email`, each sequence signs up a new address.
 */
async function run(target: Running, steps: Step[], email?: string): Promise<Figures> {
  const times: number[] = [];
  let failed = 0;
  const requests = steps.map((step, i) => ({
    method: step.method,
    setupRequest: (req: Request, context: Record<string, unknown>) => {
      const c = context as Ctx;
      if (i === 0) Object.assign(c, { t0: performance.now(), email: email ?? newEmail() });
      const body = step.body?.(c);
      const type = step.form ? "application/x-www-form-urlencoded" : "application/json";
      const auth = step.bearer ? { authorization: `Bearer ${c.access}` } : {};
      const text = typeof body === "string" || body === undefined ? body : JSON.stringify(body);
      return { ...req, path: step.path, headers: { ...target.headers, "content-type": type, ...auth }, body: text };
    },
    onResponse: (status: number, body: string, context: Record<string, unknown>) => {
      const c = context as Ctx;
      if (status >= 300) failed++;
      else if (step.tokens) {
        const answer = JSON.parse(body) as Record<string, string>;
        [c.access, c.refresh] = step.tokens.map((k) => answer[k] ?? "") as [string, string];
      }
      if (i === steps.length - 1) times.push(performance.now() - c.t0);
    },
  }));
  const before = [cpu(target.pids()), cpu(target.pids(), true)];
  const result = await autocannon({ url: target.url, connections: CONNECTIONS, duration, requests });
  const [cpuMs = 0, loopMs = 0] = [cpu(target.pids()), cpu(target.pids(), true)].map(
    (after, i) => (after - (before[i] ?? 0)) / Math.max(1, times.length),
  );
  times.sort((a, b) => a - b);
  const [p50, p99] = [percentile(times, 50), percentile(times, 99)];
  return { perSecond: times.length / duration, p50, p99, failed: failed + result.errors, cpuMs, loopMs };
}

const stat = (pid: number, file: string) => {
  try {
    return fs.readFileSync(`/proc/${pid}/${file}`, "utf8");
  } catch {
    return ""; // gone meanwhile
  }
};
/** CPU (user + system) used so far, in ms (10 ms ticks); with `loop`, only the main threads'. */
const cpu = (pids: number[], loop = false) =>
  pids.reduce((ms, pid) => {
    const fields =
      stat(pid, loop ? `task/${pid}/stat` : "stat")
        .split(") ")[1]
        ?.split(" ") ?? [];
    return ms + (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * 10;
  }, 0);
const rssMb = (pids: number[]) =>
  round(pids.reduce((kb, pid) => kb + Number(/VmRSS:\s+(\d+)/.exec(stat(pid, "status"))?.[1] ?? 0), 0) / 1024);

/** The pid and every descendant of it (the Firebase CLI runs its emulator in a child). */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const pid of fs.readdirSync("/proc").filter((e) => /^\d+$/.test(e))) {
    const ppid = Number(stat(Number(pid), "stat").split(") ")[1]?.split(" ")[1]);
    children.set(ppid, [...(children.get(ppid) ?? []), Number(pid)]);
  }
  const walk = (pid: number): number[] => [pid, ...(children.get(pid) ?? []).flatMap(walk)];
  return walk(root);
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer().once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

/** Starts `command` in a process group of its own; resolves at the first answer from `health`. */
async function start(command: string[], cwd: string, health: (printed: string) => string | undefined) {
  const t0 = performance.now();
  const proc = spawn(command[0] ?? "", command.slice(1), { cwd, stdio: ["ignore", "pipe", "inherit"], detached: true });
  let printed = "";
  proc.stdout?.on("data", (c: Buffer) => (printed += c.toString()));
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`${command.join(" ")} exited with ${proc.exitCode}: ${printed}`);
    const url = health(printed);
    if (url && (await fetch(url).catch(() => undefined))?.ok) break;
    await sleep(5);
  }
  return { proc, printed, wallMs: performance.now() - t0, cpuMs: cpu(processTree(proc.pid ?? 0)) };
}

async function stop(proc: ChildProcess): Promise<void> {
  const exited = new Promise((r) => proc.once("exit", r));
  if (proc.exitCode === null && proc.pid) process.kill(-proc.pid, "SIGTERM");
  await exited;
}

/** This package's emulator through its bin, with the bench's config (per-IP limits lifted). */
async function startOurs(dir: string) {
  const flags = ["--port", "0", "--mail-port", "0", "--smtp-port", "0", "--config", "config.toml"];
  const s = await start([process.execPath, BIN, ...flags], dir, (out) => {
    const api = /\[auth\] API (\S+)/.exec(out)?.[1];
    return api && `${api}/health`;
  });
  const url = /\[auth\] API (\S+)\/auth\/v1/.exec(s.printed)?.[1] ?? "";
  const headers = { apikey: /anon key: (\S+)/.exec(s.printed)?.[1] ?? "", "x-supabase-api-version": "2024-01-01" };
  const running: Running = { url, headers, dialect: GOTRUE, pids: () => [s.proc.pid ?? 0], proc: s.proc };
  return { running, ...s };
}

/** Firebase's Auth emulator (`emulators:start --only auth`) on free ports. */
async function startFirebase(bin: string, dir: string) {
  const [auth, hub, logging] = [await freePort(), await freePort(), await freePort()];
  const emulators = { auth: { port: auth }, hub: { port: hub }, logging: { port: logging }, ui: { enabled: false } };
  fs.writeFileSync(
    path.join(dir, "firebase.json"),
    JSON.stringify({ emulators: { ...emulators, singleProjectMode: true } }),
  );
  const url = `http://127.0.0.1:${auth}`;
  const s = await start([bin, "emulators:start", "--only", "auth", "--project", "demo-bench"], dir, () => `${url}/`);
  const pids = () => processTree(s.proc.pid ?? 0);
  return { running: { url, headers: {}, dialect: FIREBASE, pids, proc: s.proc } satisfies Running, ...s };
}

type Column = Record<"startMs" | "startCpuMs" | "restMb", number> & Record<"same" | "pairs" | "whole", Figures>;

/** Memory after REST_MS at rest, then the three patterns. */
async function measure(r: Running, startMs: number, startCpuMs: number): Promise<Column> {
  await sleep(REST_MS);
  const restMb = rssMb(r.pids());
  const d = r.dialect;
  const email = newEmail();
  const body = JSON.stringify(d.signUp.body?.({ email, access: "", refresh: "", t0: 0 }));
  const headers = { ...r.headers, "content-type": "application/json" };
  const signedUp = await fetch(`${r.url}${d.signUp.path}`, { method: "POST", headers, body });
  if (!signedUp.ok) throw new Error(`sign-up: HTTP ${signedUp.status} ${await signedUp.text()}`);
  const same = await run(r, [d.signIn], email);
  const pairs = await run(r, [d.signUp, d.signIn]);
  const whole = await run(r, [d.signUp, d.signIn, d.read, d.refresh, ...(d.signOut ? [d.signOut] : [])]);
  return { startMs, startCpuMs, restMb, same, pairs, whole };
}

function firebaseBin(): string | undefined {
  const bin = process.env.FIREBASE_TOOLS_BIN || "firebase";
  try {
    execFileSync(bin, ["--version"], { stdio: "ignore" });
    return bin;
  } catch {
    return undefined;
  }
}

const cell = (f: Figures) =>
  `${Math.round(f.perSecond)} /s, p50 ${round(f.p50, 1)} ms, p99 ${round(f.p99, 1)} ms, ` +
  `${round(f.cpuMs, 2)} ms CPU each (${round(f.loopMs, 2)} on the event loop)${f.failed ? `, ${f.failed} failed` : ""}`;
const verdict = (ok: boolean | undefined) => (ok === undefined ? "no Firebase figure" : ok ? "met" : "NOT met");

/** Prints the table with the goals' verdicts; false when a request failed. */
function report(ours: Column, fb: Column | undefined): boolean {
  const rows: string[] = [];
  const line = (label: string, get: (c: Column) => string, vs: string, goal: string, ok: boolean | undefined) =>
    rows.push(`| ${label} | ${get(ours)} | ${fb ? get(fb) : ""} | ${vs} | ${goal} | ${verdict(ok)} |`);
  /** Rate and p99 of a pattern against Firebase's, and the goal's verdict. */
  const against = (label: string, f: (c: Column) => Figures) => {
    const [o, t] = [f(ours), fb && f(fb)];
    const vs = t ? `${round(o.perSecond / t.perSecond, 1)}× the rate, p99 ${round(o.p99 / t.p99, 2)}×` : "";
    line(
      label,
      (c) => cell(f(c)),
      vs,
      "≥ 3× Firebase's rate, p99 ≤ 1/3 of its",
      t && o.perSecond >= 3 * t.perSecond && o.p99 <= t.p99 / 3,
    );
  };
  line(
    `start to first answer, wall (median of ${START_RUNS})`,
    (c) => `${round(c.startMs)} ms`,
    "",
    "≤ 300 ms",
    ours.startMs <= 300,
  );
  line("start to first answer, CPU", (c) => `${round(c.startCpuMs)} ms`, "", "≤ 400 ms", ours.startCpuMs <= 400);
  const memory = fb ? `${round(ours.restMb / fb.restMb, 2)}×` : "";
  line(
    `memory after ${REST_MS / 1000} s at rest (RSS)`,
    (c) => `${c.restMb} MB`,
    memory,
    "≤ 1/3 of Firebase's",
    fb && ours.restMb <= fb.restMb / 3,
  );
  const same = ours.same.perSecond >= 2200 && ours.same.p99 <= 30;
  line("one user signing in again and again", (c) => cell(c.same), "", "≥ 2,200 /s, p99 ≤ 30 ms", same);
  against("a new user: sign-up + sign-in", (c) => c.pairs);
  against("a test's auth, new user: sign up, sign in, read, refresh, sign out", (c) => c.whole);
  console.log(
    `\n| ${CONNECTIONS} connections, ${duration} s each | auth-emulator | Firebase Auth emulator | ours/Firebase | goal | |`,
  );
  console.log(`|---|---|---|---|---|---|\n${rows.join("\n")}`);
  return [ours.same, ours.pairs, ours.whole].every((f) => f.failed === 0);
}

async function main(): Promise<void> {
  // The bin builds dist/ when the source is newer: once here, so no start below includes a build.
  execFileSync(process.execPath, [BIN, "--help"], { stdio: "ignore" });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "auth-emulator-bench-"));
  try {
    const limits = ["sign_in_sign_ups", "token_verifications", "token_refresh"].map((k) => `${k} = 100000000`);
    fs.writeFileSync(path.join(dir, "config.toml"), `[auth.rate_limit]\n${limits.join("\n")}\n`);
    console.log(`At the start: ${load()}; node ${process.versions.node}; ${BIN}.`);
    const starts = [];
    for (let i = 0; i < START_RUNS; i++) {
      starts.push(await startOurs(dir));
      if (i < START_RUNS - 1) await stop(starts[i]!.proc);
    }
    const last = starts.at(-1)!;
    const ours = await measure(last.running, median(starts.map((s) => s.wallMs)), median(starts.map((s) => s.cpuMs)));
    await stop(last.proc);
    console.log(`After the auth-emulator's runs: ${load()}.`);
    const bin = firebaseBin();
    let firebase: Column | undefined;
    if (bin) {
      console.log(
        `Measuring the Firebase Auth emulator (firebase-tools ${execFileSync(bin, ["--version"]).toString().trim()})…`,
      );
      const fb = await startFirebase(bin, dir);
      firebase = await measure(fb.running, fb.wallMs, fb.cpuMs).finally(() => stop(fb.proc));
    } else console.log("Firebase Auth emulator: not found (FIREBASE_TOOLS_BIN or `firebase` on PATH).");
    const clean = report(ours, firebase);
    console.log(`\nAt the end: ${load()}: figures taken at a load above ~1 per core are not the quiet ones.`);
    console.log("Firebase makes no server call to sign out: its test's auth is four requests, ours five.");
    if (!clean) process.exitCode = 1;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
