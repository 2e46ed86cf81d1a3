// Section 3, auth: password sign-in, refresh and TOTP verify through the real supabase-js against
// the auth emulator (in a child process), one operation at a time over a fixed count: ops/s and
// latency percentiles, with the bcrypt cost the emulator actually stored beside them.
import path from "node:path";
import Database from "better-sqlite3";
import bcrypt from "bcryptjs";
import ws from "ws";
import { createClient, type RealtimeClientOptions, type SupabaseClient } from "@supabase/supabase-js";
import type { TestStack } from "../../tests/support/stack";
import { createAuthUser } from "../../tests/support/founders";
import { totpCode } from "../../tests/support/totp";
import { AUTH_DB_FILE } from "@founder-foundation/auth-emulator";
import { startRemoteStack } from "./remote-stack";
import { percentile, round } from "./stats";

interface OpResult {
  op: "sign-in (password)" | "refresh" | "TOTP challenge + verify";
  count: number;
  opsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface AuthResult {
  ops: OpResult[];
  /** The cost factor in the emulator's stored hash ($2b$<cost>$…), read from its database. */
  bcryptCost: number;
  /** One bcryptjs compare at that cost in this process, for scale. */
  bcryptCompareMs: number;
}

/**
 * The emulator limits each IP per 5 minutes (supabase/config.toml: sign-in 300, verifications 300,
 * refresh 1500); the counts stay well inside, since every operation here comes from 127.0.0.1.
 */
const AUTH_COUNTS = {
  quick: { signIn: 20, refresh: 50, totp: 20 },
  full: { signIn: 80, refresh: 200, totp: 60 },
} as const;

function client(stack: TestStack): SupabaseClient {
  return createClient(stack.config.auth.url, stack.config.auth.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as unknown as RealtimeClientOptions["transport"] },
  });
}

async function repeat(op: OpResult["op"], count: number, fn: () => Promise<void>): Promise<OpResult> {
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  const total = performance.now() - started;
  return {
    op,
    count,
    opsPerSec: round((count * 1000) / total, 1),
    p50Ms: round(percentile(times, 50)),
    p99Ms: round(percentile(times, 99)),
    maxMs: round(Math.max(...times)),
  };
}

function must<T extends { error: unknown }>(what: string, r: T): T {
  if (r.error) throw new Error(`${what}: ${r.error instanceof Error ? r.error.message : JSON.stringify(r.error)}`);
  return r;
}

function storedBcryptCost(dataDir: string, email: string): number {
  const db = new Database(path.join(dataDir, AUTH_DB_FILE), { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare("SELECT encrypted_password AS hash FROM users WHERE email = ?").get(email) as
      { hash: string | null } | undefined;
    const cost = row?.hash ? Number(/^\$2[aby]?\$(\d+)\$/.exec(row.hash)?.[1]) : Number.NaN;
    if (!Number.isInteger(cost)) throw new Error("no bcrypt hash found for the benchmark user");
    return cost;
  } finally {
    db.close();
  }
}

export async function benchAuth(opts: { quick: boolean; log: (line: string) => void }): Promise<AuthResult> {
  const counts = opts.quick ? AUTH_COUNTS.quick : AUTH_COUNTS.full;
  const stack = await startRemoteStack();
  try {
    const founder = await createAuthUser(stack.config.auth);
    const supabase = client(stack);
    const ops: OpResult[] = [];

    ops.push(
      await repeat(
        "sign-in (password)",
        counts.signIn,
        async () => void must("sign-in", await supabase.auth.signInWithPassword(founder)),
      ),
    );

    // Each refresh spends the previous refresh token, as a long-lived tab does.
    let refreshToken =
      must("sign-in", await supabase.auth.signInWithPassword(founder)).data.session?.refresh_token ?? "";
    ops.push(
      await repeat("refresh", counts.refresh, async () => {
        const r = must("refresh", await supabase.auth.refreshSession({ refresh_token: refreshToken }));
        refreshToken = r.data.session?.refresh_token ?? "";
      }),
    );

    // A code works once per factor and time step, so each round verifies its own founder's
    // factor (enrolled untimed beforehand) with the authenticator's next code.
    const enrolled: { c: SupabaseClient; factorId: string; secret: string }[] = [];
    for (let i = 0; i < counts.totp; i++) {
      const owner = await createAuthUser(stack.config.auth);
      const c = client(stack);
      must("mfa sign-in", await c.auth.signInWithPassword(owner));
      const factor = must("enrol", await c.auth.mfa.enroll({ factorType: "totp", friendlyName: "bench" })).data;
      const secret = factor?.totp.secret ?? "";
      must("first verify", await c.auth.mfa.challengeAndVerify({ factorId: factor?.id ?? "", code: totpCode(secret) }));
      enrolled.push({ c, factorId: factor?.id ?? "", secret });
    }
    let nextFounder = 0;
    ops.push(
      await repeat("TOTP challenge + verify", counts.totp, async () => {
        const { c, factorId, secret } = enrolled[nextFounder++] ?? (enrolled[0] as (typeof enrolled)[number]);
        must(
          "TOTP verify",
          await c.auth.mfa.challengeAndVerify({ factorId, code: totpCode(secret, new Date(Date.now() + 30_000)) }),
        );
      }),
    );
    for (const o of ops) opts.log(`  ${o.op}: ${o.opsPerSec} ops/s, p99 ${o.p99Ms} ms`);

    const bcryptCost = storedBcryptCost(stack.dataDir, founder.email);
    const hash = await bcrypt.hash(founder.password, bcryptCost);
    const t = performance.now();
    await bcrypt.compare(founder.password, hash);
    return { ops, bcryptCost, bcryptCompareMs: round(performance.now() - t) };
  } finally {
    await stack.close();
  }
}
