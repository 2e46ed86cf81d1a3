// Founders in bulk for the scale section, through the product's own data layer (db/engine.ts's
// prepared statements and transactions, the drizzle schema, the audit trail's row builder): each an
// account, one to three persons, a strategy, its organization with the persons as owners, about 20
// audit rows over three years and about 10 notifications; and their auth users with one precomputed
// password hash, as the auth emulator's seed (resetAuthData, its public API).
import { and, getTableColumns, gte, lte, sql } from "drizzle-orm";
import { prepared, type AppDb, type Executor, type Prepared, type Tables } from "../../db/engine";
import type { SeedFile } from "@founder-foundation/auth-emulator";
import { createSsnCipher } from "../../server/src/pii/ssn";
import { auditValues, type AuditAction } from "../../server/src/repositories/audit";
import { timestampNow } from "../../server/src/contract/rules";
import { DAF_CHOICE, ORGANIZATION, OWNER, PROFILE } from "../../tests/support/entry";

export const SCALE_PASSWORD = "Scale!Founder2026";
/** Founders per transaction, and rows per INSERT. */
const CHUNK = 1000;
const YEARS_MS = 3 * 365 * 24 * 3600 * 1000;

export const founderEmail = (i: number) => `founder-${i}@scale.example.com`;
export const adminEmail = (i: number) => `admin-${i}@scale.example.com`;
const uuid = (prefix: string, i: number) => `${prefix}-0000-4000-8000-${i.toString(16).padStart(12, "0")}`;
const founderUserId = (i: number) => uuid("5ca1e000", i);

/** The auth users: N founders (role user) and `admins` staff, one password hash for all. */
export function authSeed(n: number, admins: number, passwordHash: string): SeedFile {
  const user = (id: string, email: string, roles: string[]) => ({
    id,
    email,
    password_hash: passwordHash,
    app_metadata: { roles },
    user_metadata: { full_name: "Ada Lovelace", name: "Ada" },
  });
  return {
    users: [
      ...Array.from({ length: n }, (_, i) => user(founderUserId(i), founderEmail(i), ["user"])),
      ...Array.from({ length: admins }, (_, i) => user(uuid("5ca1ead0", i), adminEmail(i), ["user", "admin"])),
    ],
  };
}

/** A small deterministic generator per founder, so every run seeds the same data. */
function random(seed: number): () => number {
  let s = seed + 0x6d2b79f5;
  return () => {
    s = Math.imul(s ^ (s >>> 15), 1 | s);
    s ^= s + Math.imul(s ^ (s >>> 7), 61 | s);
    return ((s ^ (s >>> 14)) >>> 0) / 4294967296;
  };
}

const AUDIT: Array<[AuditAction, string, string[]]> = [
  ["person.update", "PUT /api/persons/:personId", ["city", "phone"]],
  ["person.update", "PATCH /api/persons/:personId", ["address_line1"]],
  ["organization.update", "PUT /api/organizations/:organizationId", ["name_1"]],
  ["account.update", "PUT /api/accounts/:accountId", ["ria_primary_goal", "ria_risk_score"]],
];
const NOTICES = [
  ["Owner added", "Grace Hopper was added as an additional owner."],
  ["Identity check completed", "Ada Lovelace's identity check passed."],
  ["Foundation submitted", "Ada Giving LLC was submitted for review."],
] as const;

type Row = Record<string, unknown>;
/** One multi-row INSERT per table, row count and returned columns, its query built once (placeholders "<row>_<column>"). */
const inserts = new Map<string, { statement: Prepared<Row>; names: string[][] }>();

async function insertMany(tx: Executor, table: keyof Tables, rows: Row[], returning: string[] = []): Promise<Row[]> {
  const out: Row[] = [];
  const columns = Object.keys(rows[0] ?? {});
  for (let k = 0; k < rows.length; k += CHUNK) {
    const batch = rows.slice(k, k + CHUNK);
    const key = `${table} ${batch.length} ${returning.join()}`;
    let found = inserts.get(key);
    if (!found) {
      const names = batch.map((_, r) => columns.map((c) => `${r}_${c}`));
      const statement = prepared<Row>((q, t) => {
        const values = names.map((row) =>
          Object.fromEntries(row.map((name, c) => [columns[c], sql.placeholder(name)])),
        );
        const insert = q.insert(t[table] as Tables["account"]).values(values as never);
        const all = getTableColumns(t[table] as Tables["account"]) as Row;
        return (
          returning.length ? insert.returning(Object.fromEntries(returning.map((c) => [c, all[c]])) as never) : insert
        ) as never;
      });
      inserts.set(key, (found = { statement, names }));
    }
    const insert = found;
    const values: Row = {};
    batch.forEach((row, r) => columns.forEach((c, i) => (values[insert.names[r]![i]!] = row[c])));
    if (returning.length) out.push(...(await insert.statement.all(tx, values)));
    else await insert.statement.run(tx, values);
  }
  return out;
}

/** Each founder's account and primary holder, by founder number. */
export interface SeededIds {
  accounts: Int32Array;
  holders: Int32Array;
}

/** Founders from..to-1 in one transaction. */
async function seedChunk(tx: Executor, from: number, to: number, ssnKey: Buffer, ids: SeededIds): Promise<void> {
  const ssn = createSsnCipher(ssnKey);
  const now = Date.now();
  const numbers = Array.from({ length: to - from }, (_, k) => from + k);
  const rng = new Map(numbers.map((i) => [i, random(i)]));
  const at = (i: number) => timestampNow(new Date(now - rng.get(i)!() * YEARS_MS));
  const founderOf = new Map(numbers.map((i) => [founderUserId(i), i]));
  const accounts = await insertMany(
    tx,
    "account",
    numbers.map((i) => ({ userId: founderUserId(i), createdAt: at(i), updatedAt: at(i) })),
    ["accountId", "userId"],
  );
  for (const a of accounts) ids.accounts[founderOf.get(a.userId as string)!] = a.accountId as number;
  const accountOf = (i: number) => ids.accounts[i]!;
  const persons = await insertMany(
    tx,
    "person",
    numbers.flatMap((i) =>
      Array.from({ length: 1 + Math.floor(rng.get(i)!() * 3) }, (_, k) => {
        const { ssn: digits, ...who } = k === 0 ? PROFILE : OWNER;
        const columns = Object.fromEntries(
          Object.entries(who).map(([f, v]) => [f.replace(/_(\w)/g, (_m, c: string) => c.toUpperCase()), v]),
        );
        const [email, when] = [k === 0 ? founderEmail(i) : `owner-${k}-${i}@scale.example.com`, at(i)];
        const ssnColumns = { ssnEncrypted: ssn.encrypt(digits), ssnLast4: digits.slice(-4) };
        const stamps = { identityChangedAt: when, createdAt: when, updatedAt: when };
        return {
          ...columns,
          ...ssnColumns,
          ...stamps,
          accountId: accountOf(i),
          accountPrimaryHolder: k === 0,
          isAddon: k > 0,
          email,
        };
      }),
    ),
    ["personId", "accountId", "accountPrimaryHolder"],
  );
  const founderOfAccount = new Map(numbers.map((i) => [accountOf(i), i]));
  for (const p of persons)
    if (p.accountPrimaryHolder) ids.holders[founderOfAccount.get(p.accountId as number)!] = p.personId as number;
  const { account, person } = tx.t;
  const holder = sql`(select ${person.personId} from ${person} where ${person.accountId} = ${account.accountId} and ${person.accountPrimaryHolder})`;
  const [first, last] = [accountOf(from), accountOf(to - 1)];
  await tx.run(
    tx.q
      .update(account)
      .set({ primaryAccountHolder: holder })
      .where(and(gte(account.accountId, Math.min(first, last)), lte(account.accountId, Math.max(first, last)))),
  );
  const strategies = await insertMany(
    tx,
    "strategy",
    numbers.map((i) => ({
      accountId: accountOf(i),
      strategyType: "strategy_type_founder",
      createdAt: at(i),
      updatedAt: at(i),
    })),
    ["strategyId", "accountId"],
  );
  const orgs = await insertMany(
    tx,
    "organization",
    strategies.map((s) => ({
      strategyId: s.strategyId,
      name1: ORGANIZATION.name_1,
      name2: ORGANIZATION.name_2,
      registeredState: ORGANIZATION.registered_state,
      itgAsRegisteredAgent: ORGANIZATION.itg_as_registered_agent,
      donorAdvisedFund: DAF_CHOICE.donor_advised_fund,
      custodian: DAF_CHOICE.custodian,
      createdAt: at(founderOfAccount.get(s.accountId as number)!),
      updatedAt: at(founderOfAccount.get(s.accountId as number)!),
    })),
    ["organizationId", "strategyId"],
  );
  const accountOfStrategy = new Map(strategies.map((s) => [s.strategyId, s.accountId as number]));
  const orgOfAccount = new Map(orgs.map((o) => [accountOfStrategy.get(o.strategyId)!, o.organizationId]));
  const owners = persons.map((p) => ({
    organizationId: orgOfAccount.get(p.accountId as number),
    personId: p.personId,
    primaryHolder: p.accountPrimaryHolder,
    createdAt: at(founderOfAccount.get(p.accountId as number)!),
  }));
  await insertMany(tx, "organizationUser", owners);
  const notices = numbers.flatMap((i) =>
    Array.from({ length: 8 + Math.floor(rng.get(i)!() * 5) }, (_, k) => {
      const [title, description] = NOTICES[k % NOTICES.length]!;
      return { accountId: accountOf(i), title, description, createdAt: at(i), readAt: k % 3 ? at(i) : null };
    }),
  );
  await insertMany(tx, "notification", notices);
  const audits = numbers.flatMap((i) =>
    Array.from({ length: 15 + Math.floor(rng.get(i)!() * 11) }, (_, k) => {
      const [action, route, fields] = AUDIT[k % AUDIT.length]!;
      const actor = { type: "user" as const, id: founderUserId(i) };
      const entity = { type: action.split(".")[0]!, id: accountOf(i) };
      return auditValues({ accountId: accountOf(i), actor, action, entity, fields, route }, at(i));
    }),
  );
  await insertMany(tx, "auditEvent", audits);
}

/** Seeds founders 0..n-1 into a migrated, empty database, a transaction per CHUNK; `progress` after each. */
export async function seedFounders(db: AppDb, n: number, ssnKey: Buffer, progress?: (done: number) => void) {
  const ids: SeededIds = { accounts: new Int32Array(n), holders: new Int32Array(n) };
  for (let from = 0; from < n; from += CHUNK) {
    const to = Math.min(n, from + CHUNK);
    await db.transaction((tx) => seedChunk(tx, from, to, ssnKey, ids));
    progress?.(to);
  }
  return ids;
}
