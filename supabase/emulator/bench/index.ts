// `npm run bench` in the package: the figures of the package README, measured on this machine
// against the compiled JavaScript through the package's bin (what `npx auth-emulator` runs, here and
// where the package is installed), in a child process:
//   start to the first answer (wall and the process's CPU, median of START_RUNS), memory at rest,
//   password sign-in throughput and p99 at 10 connections (autocannon), TOTP challenge + verify
//   throughput and p99 at 10 in flight, and the bcrypt cost of the stored hashes (GoTrue must be
//   able to verify them).
// Beside each, the Firebase Auth emulator's figure measured in the same run the same way, when the
// Firebase CLI is found (FIREBASE_TOOLS_BIN, else `firebase` on PATH); the script says so when not.
// Firebase's emulator has no TOTP factors, so that row has no figure of its own.
// Flags: --duration=<seconds> (sign-in run, default 10), --quick (3 s, fewer TOTP users),
// --baseline=<cli.js of an earlier build> (its start and sign-ins measured in the same run, interleaved),
// --bin=<bin/auth-emulator.mjs of an installed copy> (measure that instead of this folder's build, e.g. the
// packed package installed elsewhere).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import net from "node:net";
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import bcrypt from "bcryptjs";
import autocannon from "autocannon";
import { generateSync } from "otplib";

const pkgDir = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const quick = args.includes("--quick");
const duration = Number(args.find((a) => a.startsWith("--duration="))?.split("=")[1] ?? (quick ? 3 : 10));
const TOTP_USERS = quick ? 200 : 1000;
const START_RUNS = quick ? 3 : 7;
const BIN = path.resolve(
  args.find((a) => a.startsWith("--bin="))?.split("=")[1] ?? path.join(pkgDir, "bin", "auth-emulator.mjs"),
);
const BASELINE = args.find((a) => a.startsWith("--baseline="))?.split("=")[1];
const CONNECTIONS = 10;
const PASSWORD = "bench-password-1";
const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const API_VERSION = { "x-supabase-api-version": "2024-01-01" };

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

type AutocannonResult = Awaited<ReturnType<typeof autocannon>>;

interface Child {
  proc: ChildProcess;
  url: string;
  anonKey: string;
  startMs: number;
  startCpuMs: number;
}

/** Starts the CLI with a config and seed; resolves at its first answer to /health. */
async function startChild(dir: string, seedFile: string, bin = BIN): Promise<Child> {
  const t0 = performance.now();
  const proc = spawn(
    process.execPath,
    [
      bin,
      "--port",
      "0",
      "--mail-port",
      "0",
      "--smtp-port",
      "0",
      "--config",
      path.join(dir, "config.toml"),
      "--seed",
      seedFile,
    ],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  let out = "";
  const url = await new Promise<string>((resolve, reject) => {
    proc.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const m = out.match(/\[auth\] API (\S+)\/auth\/v1/);
      if (m?.[1]) resolve(m[1]);
    });
    proc.once("exit", (code) => reject(new Error(`emulator exited with ${code}: ${out}`)));
  });
  for (;;) {
    const res = await fetch(`${url}/auth/v1/health`).catch(() => undefined);
    if (res?.ok) break;
  }
  const startMs = performance.now() - t0;
  // Load moves the wall a lot on a shared machine; the CPU the start took moves much less.
  const startCpuMs = cpuMs(proc.pid ?? 0);
  const anonKey = out.match(/anon key: (\S+)/)?.[1] ?? "";
  return { proc, url, anonKey, startMs, startCpuMs };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function rssMb(pid: number): number {
  const kb = Number(fs.readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return round(kb / 1024, 0);
}

async function stopChild(c: Child): Promise<void> {
  const exited = new Promise((r) => c.proc.once("exit", r));
  c.proc.kill("SIGTERM");
  await exited;
}

/** CPU time (user + system) the process has used so far, in ms (/proc/<pid>/stat, clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The Firebase CLI to compare with: FIREBASE_TOOLS_BIN, else `firebase` on PATH; undefined when neither runs. */
function firebaseBin(): string | undefined {
  const bin = process.env.FIREBASE_TOOLS_BIN || "firebase";
  try {
    execFileSync(bin, ["--version"], { stdio: "ignore" });
    return bin;
  } catch {
    return undefined;
  }
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

/** The pid and every descendant of it (the CLI may run the emulator in a child). */
function processTree(root: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(fs.readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1]?.split(" ")[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const out: number[] = [];
  const walk = (pid: number) => {
    out.push(pid);
    for (const child of parents.get(pid) ?? []) walk(child);
  };
  walk(root);
  return out;
}

const sum = (pids: number[], f: (pid: number) => number) =>
  pids.reduce((total, pid) => {
    try {
      return total + f(pid);
    } catch {
      return total;
    }
  }, 0);

interface FirebaseFigures {
  startMs: number;
  startCpuMs: number;
  memory: number;
  signIn: AutocannonResult;
  cpuPerSignIn: number;
}

/**
 * The Firebase Auth emulator measured as the emulator is: started from nothing until its first
 * answer, RSS at rest (its whole process tree), password sign-ins through its REST API at 10
 * connections for the same duration, and its CPU per sign-in.
 */
async function measureFirebase(bin: string): Promise<FirebaseFigures> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "firebase-bench-"));
  const [authPort, hubPort, loggingPort] = [await freePort(), await freePort(), await freePort()];
  fs.writeFileSync(
    path.join(dir, "firebase.json"),
    JSON.stringify({
      emulators: {
        auth: { host: "127.0.0.1", port: authPort },
        hub: { host: "127.0.0.1", port: hubPort },
        logging: { host: "127.0.0.1", port: loggingPort },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const t0 = performance.now();
  const proc = spawn(bin, ["emulators:start", "--only", "auth", "--project", "demo-bench"], {
    cwd: dir,
    stdio: ["ignore", "ignore", "ignore"],
    detached: true,
  });
  const base = `http://127.0.0.1:${authPort}`;
  try {
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`firebase exited with ${proc.exitCode}`);
      const res = await fetch(`${base}/`).catch(() => undefined);
      if (res?.ok) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const startMs = performance.now() - t0;
    const startCpuMs = sum(processTree(proc.pid ?? 0), cpuMs);
    await new Promise((r) => setTimeout(r, 500));
    const pids = processTree(proc.pid ?? 0);
    const memory = round(
      sum(pids, (pid) => rssMb(pid)),
      0,
    );
    const api = `${base}/identitytoolkit.googleapis.com/v1`;
    const headers = { "content-type": "application/json" };
    const body = JSON.stringify({ email: "bench@example.com", password: PASSWORD, returnSecureToken: true });
    const signUp = await fetch(`${api}/accounts:signUp?key=fake-api-key`, { method: "POST", headers, body });
    if (!signUp.ok) throw new Error(`firebase sign-up: HTTP ${signUp.status} ${await signUp.text()}`);
    const cpuBefore = sum(pids, cpuMs);
    const signIn = await autocannon({
      url: `${api}/accounts:signInWithPassword?key=fake-api-key`,
      method: "POST",
      headers,
      body,
      connections: CONNECTIONS,
      duration,
    });
    const cpuPerSignIn = (sum(processTree(proc.pid ?? 0), cpuMs) - cpuBefore) / Math.max(1, signIn.requests.total);
    return { startMs, startCpuMs, memory, signIn, cpuPerSignIn };
  } finally {
    const exited = new Promise((r) => proc.once("exit", r));
    if (proc.pid) process.kill(-proc.pid, "SIGTERM");
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

interface StartFigures {
  wall: number;
  cpu: number;
  memory: number;
}

/** One cold start of `bin` (small seed; the first answer is the end of start-up) and its memory at rest. */
async function measureStart(dir: string, seed: string, bin: string): Promise<StartFigures> {
  const cold = await startChild(dir, seed, bin);
  await new Promise((r) => setTimeout(r, 500));
  const figures = { wall: cold.startMs, cpu: cold.startCpuMs, memory: rssMb(cold.proc.pid ?? 0) };
  await stopChild(cold);
  return figures;
}

const medians = (runs: StartFigures[]): StartFigures => ({
  wall: median(runs.map((s) => s.wall)),
  cpu: median(runs.map((s) => s.cpu)),
  memory: median(runs.map((s) => s.memory)),
});

/** Password sign-ins at CONNECTIONS for `duration`, and the emulator's own CPU per sign-in (load-independent). */
async function measureSignIn(child: Child, stop = true): Promise<{ result: AutocannonResult; cpuEach: number }> {
  const cpuBefore = cpuMs(child.proc.pid ?? 0);
  const result = await autocannon({
    url: `${child.url}/auth/v1/token?grant_type=password`,
    method: "POST",
    headers: { "content-type": "application/json", apikey: child.anonKey, ...API_VERSION },
    body: JSON.stringify({ email: "bench@example.com", password: PASSWORD }),
    connections: CONNECTIONS,
    duration,
  });
  const cpuEach = (cpuMs(child.proc.pid ?? 0) - cpuBefore) / Math.max(1, result.requests.total);
  if (stop) await stopChild(child);
  return { result, cpuEach };
}

async function main(): Promise<void> {
  // The bin builds dist/ when the source is newer: once here, so no start below includes a build.
  execFileSync(process.execPath, [BIN, "--help"], { stdio: "ignore" });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "auth-emulator-bench-"));
  try {
    // Every request comes from 127.0.0.1: lift the per-IP limits for the run.
    fs.writeFileSync(
      path.join(dir, "config.toml"),
      "[auth.rate_limit]\nsign_in_sign_ups = 100000000\ntoken_verifications = 100000000\ntoken_refresh = 100000000\n",
    );
    const hash = await bcrypt.hash(PASSWORD, 10);
    const small = path.join(dir, "seed-small.json");
    fs.writeFileSync(small, JSON.stringify({ users: [{ email: "bench@example.com", password_hash: hash }] }));
    const large = path.join(dir, "seed-large.json");
    const users = [{ email: "bench@example.com", password_hash: hash }];
    for (let i = 0; i < TOTP_USERS; i++)
      users.push({
        email: `totp-${i}@example.com`,
        password_hash: hash,
        totp: { secret: SECRET },
      } as (typeof users)[number]);
    fs.writeFileSync(large, JSON.stringify({ users }));

    // 1. Start and memory at rest (small seed; the first answer is the end of start-up), the median
    //    of several starts.
    const starts: StartFigures[] = [];
    const baselineStarts: StartFigures[] = [];
    for (let i = 0; i < START_RUNS; i++) {
      starts.push(await measureStart(dir, small, BIN));
      if (BASELINE) baselineStarts.push(await measureStart(dir, small, BASELINE));
    }
    const { wall: startWall, cpu: startCpu, memory } = medians(starts);

    // 2. Password sign-ins at 10 connections (the baseline's first, then this build's).
    const before = BASELINE ? await measureSignIn(await startChild(dir, large, BASELINE)) : undefined;
    const child = await startChild(dir, large);
    const headers = { "content-type": "application/json", apikey: child.anonKey, ...API_VERSION };
    const { result: signIn, cpuEach: cpuPerSignIn } = await measureSignIn(child, false);
    const signInOk = signIn.non2xx === 0 && signIn.errors === 0;

    // 3. TOTP: each user's session (untimed), then challenge + verify for each, 10 in flight.
    const tokens: string[] = [];
    for (let i = 0; i < TOTP_USERS; i++) {
      const res = await fetch(`${child.url}/auth/v1/token?grant_type=password`, {
        method: "POST",
        headers,
        body: JSON.stringify({ email: `totp-${i}@example.com`, password: PASSWORD }),
      });
      tokens.push(((await res.json()) as { access_token: string }).access_token);
    }
    const factorIds = await Promise.all(
      tokens.map(async (t) => {
        const res = await fetch(`${child.url}/auth/v1/user`, { headers: { ...headers, authorization: `Bearer ${t}` } });
        return ((await res.json()) as { factors: { id: string }[] }).factors[0]?.id ?? "";
      }),
    );
    const code = generateSync({ secret: SECRET, algorithm: "sha1", digits: 6, period: 30 });
    const times: number[] = [];
    let failures = 0;
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        for (let i = next++; i < TOTP_USERS; i = next++) {
          const auth = { ...headers, authorization: `Bearer ${tokens[i]}` };
          const t = performance.now();
          const ch = await fetch(`${child.url}/auth/v1/factors/${factorIds[i]}/challenge`, {
            method: "POST",
            headers: auth,
            body: "{}",
          });
          const challengeId = ((await ch.json()) as { id: string }).id;
          const v = await fetch(`${child.url}/auth/v1/factors/${factorIds[i]}/verify`, {
            method: "POST",
            headers: auth,
            body: JSON.stringify({ challenge_id: challengeId, code }),
          });
          await v.arrayBuffer();
          if (!v.ok) failures++;
          times.push(performance.now() - t);
        }
      }),
    );
    const totpSeconds = (performance.now() - t0) / 1000;
    times.sort((a, b) => a - b);
    await stopChild(child);

    const storedCost = bcrypt.getRounds(hash);
    const loadDuring = os.loadavg();
    const bin = firebaseBin();
    let firebase: FirebaseFigures | undefined;
    let firebaseProblem = "";
    if (bin) {
      console.log(
        `Measuring the Firebase Auth emulator (${execFileSync(bin, ["--version"], { encoding: "utf8" }).trim()})…`,
      );
      firebase = await measureFirebase(bin).catch((err: unknown) => {
        firebaseProblem = err instanceof Error ? err.message : String(err);
        return undefined;
      });
    }
    const signInCell = (r: AutocannonResult, cpu: number) =>
      `${Math.round(r.requests.average)} /s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${round(cpu, 2)} ms CPU each${r.non2xx === 0 && r.errors === 0 ? "" : ` (${r.non2xx} non-2xx, ${r.errors} errors)`}`;

    const baseline = BASELINE ? medians(baselineStarts) : undefined;
    const rows: [string, string, string, string, string][] = [
      [
        `start to first answer, wall (median of ${START_RUNS})`,
        `${Math.round(startWall)} ms`,
        baseline ? `${Math.round(baseline.wall)} ms` : "",
        firebase ? `${Math.round(firebase.startMs)} ms` : "",
        "≤ 300 ms",
      ],
      [
        "start to first answer, CPU (the process tree's)",
        `${Math.round(startCpu)} ms`,
        baseline ? `${Math.round(baseline.cpu)} ms` : "",
        firebase ? `${Math.round(firebase.startCpuMs)} ms` : "",
        "≤ 400 ms",
      ],
      [
        "memory at rest (RSS)",
        `${memory} MB`,
        baseline ? `${baseline.memory} MB` : "",
        firebase ? `${firebase.memory} MB` : "",
        "≤ 90 MB",
      ],
      [
        `password sign-in, ${CONNECTIONS} connections, ${duration} s`,
        signInCell(signIn, cpuPerSignIn),
        before ? signInCell(before.result, before.cpuEach) : "",
        firebase ? signInCell(firebase.signIn, firebase.cpuPerSignIn) : "",
        "≥ 2,200 /s, p99 ≤ 30 ms",
      ],
      [
        `TOTP challenge + verify, ${CONNECTIONS} in flight, ${TOTP_USERS} factors`,
        `${Math.round(TOTP_USERS / totpSeconds)} /s, p99 ${round(percentile(times, 99))} ms${failures ? ` (${failures} failed)` : ""}`,
        "",
        firebase ? "no TOTP in the emulator" : "",
        "",
      ],
      [
        "stored password hashes",
        `bcrypt $2b$, cost ${storedCost} (GoTrue verifies them)`,
        "",
        firebase ? "not hashed: `fakeHash:salt=…:password=<the password>`" : "",
        "",
      ],
    ];
    console.log("");
    const was = BASELINE ? ` before (${path.relative(pkgDir, BASELINE)}) |` : "";
    console.log(`| measure | auth-emulator |${was} Firebase Auth emulator | goal |`);
    console.log(`|---|---|${BASELINE ? "---|" : ""}---|---|`);
    for (const [m, v, b, f, g] of rows)
      console.log(`| ${m} | ${v} |${BASELINE ? ` ${b} |` : ""} ${f || "not measured"} | ${g} |`);
    console.log("");
    console.log(
      `Load average after the auth-emulator runs: ${loadDuring.map((l) => round(l, 2)).join(" ")}; at the end: ${os
        .loadavg()
        .map((l) => round(l, 2))
        .join(" ")} (${os.cpus().length} cores).`,
    );
    console.log(
      BIN.startsWith(pkgDir)
        ? `Build: the compiled JavaScript of this package (dist/, esbuild, node ${process.versions.node}), started through bin/auth-emulator.mjs.`
        : `Build: the installed copy whose bin is ${BIN} (node ${process.versions.node}).`,
    );
    if (!bin)
      console.log(
        "Firebase Auth emulator: not installed on this machine (set FIREBASE_TOOLS_BIN or put `firebase` on PATH), so no side-by-side figures in this run.",
      );
    else if (!firebase) console.log(`Firebase Auth emulator: found but could not be measured: ${firebaseProblem}`);
    if (!signInOk || failures) process.exitCode = 1;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
