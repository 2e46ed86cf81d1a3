// Crash safety of the auth emulator: writers keep creating users through the admin API and
// enrolling TOTP factors for them while the emulator process is killed with SIGKILL at a random
// moment. After each restart every acknowledged user and factor is there, every user has its
// identity row (a user is written with it in one transaction), and the store passes SQLite's checks.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { LOCAL_SUPABASE } from "../../server/src/config";
import { AUTH_DB_FILE } from "@founder-foundation/auth-emulator";
import { freePort } from "../support/stack";
import { call } from "../support/http";
import { integrityCheck } from "../support/db-dump";
import { isConnectionFailure, killMoment, spawnOnFreePort, type Child } from "../support/app";
import { createAuthUser } from "../support/founders";

const CHILD_AUTH = fileURLToPath(new URL("./auth-child.ts", import.meta.url));
import { RELIABILITY, timeLimit } from "./strength";

const KILL_CYCLES = RELIABILITY.authKills;
const WRITERS = 3;
const admin = { token: LOCAL_SUPABASE.serviceRoleKey, headers: { apikey: LOCAL_SUPABASE.serviceRoleKey } };

let dataDir: string;
let child: Child | undefined;
const tally = { kills: 0, acknowledged: 0, checked: 0, lost: 0 };

async function startChild(): Promise<Child> {
  child = await spawnOnFreePort(CHILD_AUTH, (port) => ({ DATA_DIR: dataDir, AUTH_PORT: String(port) }), freePort);
  return child;
}

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ff-crash-auth-"));
});
afterAll(async () => {
  console.log(
    `[reliability] auth crash safety: ${tally.kills} SIGKILLs, ${tally.acknowledged} acknowledged writes, ${tally.checked} records checked, ${tally.lost} lost`,
  );
  await child?.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** One writer: a user, then a TOTP factor for it, again and again, until the process dies. */
async function writer(url: string, users: Set<string>, factors: Map<string, string>): Promise<void> {
  for (;;) {
    try {
      const user = await createAuthUser(url, { label: "crash" });
      users.add(user.userId);
      tally.acknowledged += 1;
      const enrol = await call(url, "POST", "/auth/v1/factors", {
        token: user.token,
        headers: { apikey: LOCAL_SUPABASE.anonKey },
        body: { factor_type: "totp", friendly_name: "phone" },
      });
      if (enrol.status !== 200) throw new Error(`enrol: ${enrol.status} ${enrol.text}`);
      factors.set((enrol.json as { id: string }).id, user.userId);
      tally.acknowledged += 1;
    } catch (err) {
      // The kill: no answer. Anything else (a live server refusing the write) is a failure.
      if (isConnectionFailure(err)) return;
      throw err;
    }
  }
}

it(
  "every acknowledged user and factor survives SIGKILL at random moments",
  async () => {
    let c = await startChild();
    const users = new Set<string>();
    const factors = new Map<string, string>();
    for (let cycle = 1; cycle <= KILL_CYCLES; cycle++) {
      const writers = Array.from({ length: WRITERS }, () => writer(c.url, users, factors));
      await killMoment(() => tally.acknowledged, writers, 300, 900);
      await c.kill();
      tally.kills += 1;
      await Promise.all(writers);
      c = await startChild();

      for (const userId of users) {
        tally.checked += 1;
        const res = await call(c.url, "GET", `/auth/v1/admin/users/${userId}`, admin);
        if (res.status !== 200) tally.lost += 1;
        expect(res.status, `acknowledged user ${userId}`).toBe(200);
      }
      const factorsByUser = new Map<string, string[]>();
      for (const userId of new Set(factors.values())) {
        const res = await call(c.url, "GET", `/auth/v1/admin/users/${userId}/factors`, admin);
        expect(res.status).toBe(200);
        factorsByUser.set(
          userId,
          (res.json as Array<{ id: string }>).map((f) => f.id),
        );
      }
      for (const [factorId, userId] of factors) {
        tally.checked += 1;
        if (!factorsByUser.get(userId)?.includes(factorId)) tally.lost += 1;
        expect(factorsByUser.get(userId), `acknowledged factor ${factorId}`).toContain(factorId);
      }

      const file = path.join(dataDir, AUTH_DB_FILE);
      expect(integrityCheck(file)).toBe("ok");
      const db = new Database(file, { readonly: true });
      try {
        expect(db.pragma("foreign_key_check")).toEqual([]);
        const orphans = db
          .prepare(
            "SELECT count(*) AS n FROM users u WHERE NOT EXISTS (SELECT 1 FROM identities i WHERE i.user_id = u.id)",
          )
          .get() as { n: number };
        expect(orphans.n, "users without their identity").toBe(0);
      } finally {
        db.close();
      }
    }
    expect(users.size).toBeGreaterThan(KILL_CYCLES);
  },
  timeLimit(KILL_CYCLES, 8_000, 120_000),
);
