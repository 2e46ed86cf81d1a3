// Every statement a test's auth runs finds its rows through an index: CI creates a user per test and
// seeds thousands, so a lookup that scans a table grows slower with every user. The flows run through
// the real supabase-js; each statement the store prepared is then explained by SQLite.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import ws from "ws";
import { createClient, type RealtimeClientOptions } from "@supabase/supabase-js";
import { generateSync } from "otplib";
import { startAuthEmulator, type AuthEmulator } from "./index";
import { AuthStore } from "./store";
import { StoreDb } from "./store/db";

/** Statements that visit every row on purpose: counting, listing and emptying tables, and reset. */
const WHOLE_TABLE = [/^SELECT COUNT\(\*\)/, /^SELECT \* FROM users ORDER BY/, /^DELETE FROM \w+$/];

const seen = new Set<string>();
let emu: AuthEmulator;
beforeAll(async () => {
  const sql = StoreDb.prototype.sql;
  vi.spyOn(StoreDb.prototype, "sql").mockImplementation(function (this: StoreDb, text: string) {
    seen.add(text);
    return sql.call(this, text);
  });
  emu = await startAuthEmulator({
    quiet: true,
    configOverrides: { mfa: { totp: { enrollEnabled: true, verifyEnabled: true } } },
  });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await emu?.stop();
});

const client = (key = emu.anonKey) =>
  createClient(emu.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as unknown as RealtimeClientOptions["transport"] },
  });

/** SQLite's plan for `text`, every parameter bound to null. */
function plan(store: AuthStore, text: string): string[] {
  const named = [...new Set(text.match(/@\w+/g) ?? [])].map((p) => p.slice(1));
  const statement = store.db.prepare(`EXPLAIN QUERY PLAN ${text}`);
  const rows = (
    named.length
      ? statement.all(Object.fromEntries(named.map((n) => [n, null])))
      : statement.all(...Array.from({ length: (text.match(/\?/g) ?? []).length }, () => null))
  ) as { detail: string }[];
  return rows.map((r) => r.detail);
}

describe("the store's statements", () => {
  it("look rows up by an index, never by reading a whole table", async () => {
    const email = "plans@example.com";
    const password = "plans-password-1";
    const admin = client(emu.serviceRoleKey).auth.admin;
    const me = client();
    expect((await me.auth.signUp({ email, password })).error).toBeNull();
    const { data } = await me.auth.signInWithPassword({ email, password });
    await me.auth.getUser();
    await me.auth.refreshSession();
    await me.auth.updateUser({ data: { plan: "pro" } });
    const factor = (await me.auth.mfa.enroll({ factorType: "totp" })).data!;
    await me.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: generateSync({ secret: factor.totp.secret, algorithm: "sha1", digits: 6, period: 30 }),
    });
    const link = await admin.generateLink({ type: "magiclink", email });
    await client().auth.verifyOtp({ type: "magiclink", token_hash: link.data.properties!.hashed_token });
    await client().auth.resetPasswordForEmail(email);
    await me.auth.signOut();
    const other = (await admin.createUser({ email: "other@example.com", phone: "15550001234", password })).data.user!;
    await admin.getUserById(other.id);
    await admin.updateUserById(other.id, { user_metadata: { a: 1 } });
    await admin.deleteUser(data.user!.id);
    await admin.deleteUser(other.id);
    await emu.reset();

    const store = new AuthStore(":memory:");
    try {
      const scans = [...seen]
        .filter((text) => !WHOLE_TABLE.some((re) => re.test(text.trim())))
        .flatMap((text) =>
          plan(store, text)
            .filter((d) => /^SCAN /.test(d))
            .map((d) => `${d}: ${text.trim()}`),
        );
      expect(seen.size).toBeGreaterThan(30);
      expect(scans).toEqual([]);
    } finally {
      store.close();
    }
  });
});
