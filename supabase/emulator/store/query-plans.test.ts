// Every statement a user's requests run (sign-up, sign-in, the session check, a refresh, a second
// factor, the admin list, sign-out, a deletion) finds its rows through an index: a table that grows
// with the users is never read whole, so a request costs the same at 100 users as at 100,000.
import { afterAll, expect, it, vi } from "vitest";
import ws from "ws";
import { createClient, type RealtimeClientOptions } from "@supabase/supabase-js";
import { generateSync } from "otplib";
import { startAuthEmulator, type AuthEmulator } from "../index";
import { StoreDb } from "./db";

const GROWING = ["users", "identities", "sessions", "refresh_tokens", "factors", "mfa_challenges", "one_time_tokens"];
const seen = new Map<string, StoreDb>();
const sql = StoreDb.prototype.sql;
vi.spyOn(StoreDb.prototype, "sql").mockImplementation(function (this: StoreDb, text: string) {
  seen.set(text, this);
  return sql.call(this, text);
});

let emu: AuthEmulator | undefined;
afterAll(() => emu?.stop());

it("reads no table that grows with the users whole", async () => {
  emu = await startAuthEmulator({ quiet: true, bcryptCost: 4 });
  const options = {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as unknown as RealtimeClientOptions["transport"] },
  };
  const admin = createClient(emu.url, emu.serviceRoleKey, options).auth.admin;
  const user = createClient(emu.url, emu.anonKey, options).auth;
  const credentials = { email: "plan@example.com", password: "plan-password-1" };
  const created = await admin.createUser({ ...credentials, email_confirm: true });
  expect(created.error).toBeNull();
  expect((await user.signInWithPassword(credentials)).error).toBeNull();
  expect((await user.getUser()).error).toBeNull();
  expect((await user.refreshSession()).error).toBeNull();
  const factor = (await user.mfa.enroll({ factorType: "totp" })).data!;
  const code = generateSync({ secret: factor.totp.secret, algorithm: "sha1", digits: 6, period: 30 });
  expect((await user.mfa.challengeAndVerify({ factorId: factor.id, code })).error).toBeNull();
  expect((await admin.listUsers({ page: 1, perPage: 50 })).error).toBeNull();
  expect((await user.signOut()).error).toBeNull();
  expect((await admin.deleteUser(created.data.user!.id)).error).toBeNull();

  const scans: string[] = [];
  for (const [text, store] of seen) {
    if (!/^\s*(SELECT|UPDATE|DELETE)/i.test(text)) continue;
    const named = Object.fromEntries([...text.matchAll(/@(\w+)/g)].map((m) => [m[1], null]));
    const positional = Array.from(text.match(/\?/g) ?? [], () => null);
    const plan = store.db.prepare(`EXPLAIN QUERY PLAN ${text}`);
    const rows = (Object.keys(named).length ? plan.all(...positional, named) : plan.all(...positional)) as Array<{
      detail: string;
    }>;
    for (const { detail } of rows) {
      const table = /^SCAN (\w+)$/.exec(detail)?.[1];
      if (table && GROWING.includes(table)) scans.push(`${detail}: ${text}`);
    }
  }
  expect(seen.size).toBeGreaterThan(20);
  expect(scans).toEqual([]);
});
