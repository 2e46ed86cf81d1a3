// What a new user's sign-up and sign-in cost the store: GoTrue's answer (both stamped as signed in, the
// identities with their stamp) from one commit and no updates at sign-up, and no second read of the
// identities a sign-in has just stamped. Also the store's page size (decision 0060).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it, vi } from "vitest";
import Database from "better-sqlite3";
import ws from "ws";
import { createClient, type RealtimeClientOptions } from "@supabase/supabase-js";
import { startAuthEmulator, type AuthEmulator } from "../index";
import { StoreDb } from "./db";

const statements: string[] = [];
let commits = 0;
const sql = StoreDb.prototype.sql;
vi.spyOn(StoreDb.prototype, "sql").mockImplementation(function (this: StoreDb, text: string) {
  statements.push(text.replace(/\s+/g, " ").trim());
  return sql.call(this, text);
});
const transaction = StoreDb.prototype.transaction;
vi.spyOn(StoreDb.prototype, "transaction").mockImplementation(function <T>(this: StoreDb, fn: () => T): T {
  if (!this.db.inTransaction) commits++;
  return transaction.call(this, fn) as T;
});
/** The statements and top-level transactions `step` ran. */
async function traced<T>(step: () => Promise<T>): Promise<{ result: T; ran: string[]; commits: number }> {
  statements.length = 0;
  commits = 0;
  const result = await step();
  return { result, ran: [...statements], commits };
}

let emu: AuthEmulator | undefined;
afterAll(() => emu?.stop());

it("signs a new user up in one commit, and in without reading the identities it stamped", async () => {
  emu = await startAuthEmulator({ quiet: true });
  const auth = createClient(emu.url, emu.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as unknown as RealtimeClientOptions["transport"] },
  }).auth;
  const credentials = { email: "write-path@example.com", password: "write-path-password-1" };

  const signUp = await traced(() => auth.signUp(credentials));
  expect(signUp.result.error).toBeNull();
  const made = signUp.result.data.user!;
  expect(signUp.result.data.session?.access_token).toBeTruthy();
  expect(made.last_sign_in_at).toBeTruthy();
  expect(made.identities?.map((i) => [i.provider, i.last_sign_in_at])).toEqual([["email", made.last_sign_in_at]]);
  expect(signUp.commits).toBe(1);
  expect(signUp.ran.filter((s) => s.startsWith("UPDATE"))).toEqual([]);

  const signIn = await traced(() => auth.signInWithPassword(credentials));
  expect(signIn.result.error).toBeNull();
  const user = signIn.result.data.user!;
  expect(user.last_sign_in_at! > made.last_sign_in_at! || user.last_sign_in_at === made.last_sign_in_at).toBe(true);
  expect(user.identities?.map((i) => [i.provider, i.last_sign_in_at])).toEqual([["email", user.last_sign_in_at]]);
  expect(signIn.commits).toBe(1);
  expect(signIn.ran.filter((s) => s.startsWith("SELECT * FROM identities"))).toEqual([]);

  // The stamps are stored, not only answered.
  const read = await auth.getUser();
  expect(read.data.user?.identities?.map((i) => i.last_sign_in_at)).toEqual([user.last_sign_in_at]);
  expect(read.data.user?.last_sign_in_at).toBe(user.last_sign_in_at);
});

it("makes new stores with 8 KiB pages and opens older ones as they are", () => {
  expect(new StoreDb(":memory:").db.pragma("page_size", { simple: true })).toBe(8192);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "auth-store-pages-"));
  try {
    const file = path.join(dir, "auth.db");
    const older = new Database(file);
    older.pragma("page_size = 4096");
    older.exec("CREATE TABLE kept (v TEXT); INSERT INTO kept VALUES ('still here')");
    older.close();
    const store = new StoreDb(file);
    expect(store.db.pragma("page_size", { simple: true })).toBe(4096);
    expect(store.db.prepare("SELECT v FROM kept").get()).toEqual({ v: "still here" });
    store.db.close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
