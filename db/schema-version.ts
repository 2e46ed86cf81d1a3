// Is a database's schema the one this code was written for? The migrations it applied (drizzle's
// __drizzle_migrations hashes) against those committed beside the code; one verdict for both engines.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export interface CommittedMigration {
  tag: string;
  /** sha256 (hex) of the whole .sql file, exactly what drizzle's migrator records. */
  hash: string;
  /** The journal's `when`, which drizzle records as created_at and orders by. */
  when: number;
}

export interface AppliedMigration {
  hash: string;
  createdAt: number;
}

export type SchemaStatus =
  | { state: "current"; applied: number; committed: number }
  /** The database lacks the last `pending` committed migrations (an empty database lacks them all). */
  | { state: "behind"; applied: number; committed: number; pending: string[] }
  /** Migrated by newer code; `extendsThis`: its extra migrations come after all of this code's. */
  | { state: "ahead"; applied: number; committed: number; unknown: number; extendsThis: boolean }
  /** Every applied migration is known, but not as the first N committed ones (a gap, or an edited file). */
  | { state: "diverged"; applied: number; committed: number };

interface Journal {
  entries: { tag: string; when: number }[];
}

export function committedMigrations(folder: string): CommittedMigration[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta/_journal.json"), "utf8")) as Journal;
  return journal.entries.map(({ tag, when }) => ({
    tag,
    when,
    hash: crypto
      .createHash("sha256")
      .update(fs.readFileSync(path.join(folder, `${tag}.sql`), "utf8"))
      .digest("hex"),
  }));
}

export function compareSchema(applied: AppliedMigration[], committed: CommittedMigration[]): SchemaStatus {
  const counts = { applied: applied.length, committed: committed.length };
  const known = new Set(committed.map((m) => m.hash));
  const unknown = applied.filter((m) => !known.has(m.hash)).length;
  const inOrder = [...applied].sort((a, b) => a.createdAt - b.createdAt);
  if (unknown > 0 || applied.length > committed.length) {
    const extendsThis = inOrder.length > committed.length && committed.every((m, i) => inOrder[i]!.hash === m.hash);
    return { state: "ahead", ...counts, unknown, extendsThis };
  }
  const isPrefix = inOrder.every((m, i) => m.hash === committed[i]!.hash);
  if (!isPrefix) return { state: "diverged", ...counts };
  if (applied.length === committed.length) return { state: "current", ...counts };
  return { state: "behind", ...counts, pending: committed.slice(applied.length).map((m) => m.tag) };
}

/** One line saying what is wrong and what to do; undefined when the schema is current. */
export function describeMismatch(status: SchemaStatus): string | undefined {
  const have = `the database has ${status.applied} migration(s) applied, the code has ${status.committed}`;
  switch (status.state) {
    case "current":
      return undefined;
    case "behind":
      return `Database schema is older than the code (${have}; pending: ${status.pending.join(", ")}): run \`npm run db:migrate\``;
    case "ahead":
      return `Database schema is newer than the code (${have}, ${status.unknown} unknown to this code): deploy the code that migrated it, or restore a matching backup`;
    case "diverged":
      return `Database schema does not match the code's migrations (${have}, not in the committed order, or a committed migration file was changed after it was applied)`;
  }
}

/** A refusal to serve (or to migrate) a database whose schema does not fit the code. */
export class SchemaMismatchError extends Error {
  constructor(public readonly status: SchemaStatus) {
    super(describeMismatch(status) ?? "Database schema is current");
    this.name = "SchemaMismatchError";
  }
}

/** Only a database that lacks committed migrations may be migrated; newer or diverged ones are refused. */
export function assertMigratable(status: SchemaStatus): void {
  if (status.state === "ahead" || status.state === "diverged") throw new SchemaMismatchError(status);
}

/** @internal */ export function assertCurrent(status: SchemaStatus): void {
  if (status.state !== "current") throw new SchemaMismatchError(status);
}

export type DatabaseReadiness = "ready" | "unreachable" | "schema_mismatch";

/** @internal */ export const READINESS_TIMEOUT_MS = 2000;

/** Readiness: the database answers within the timeout and its schema fits. */
export async function readinessOf(
  status: () => SchemaStatus | Promise<SchemaStatus>,
  timeoutMs = READINESS_TIMEOUT_MS,
  /** Whether the code may serve this schema: the current one, or (plugins/database.ts) a compatible newer one. */
  fits: (status: SchemaStatus) => boolean | Promise<boolean> = (s) => s.state === "current",
): Promise<DatabaseReadiness> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"unreachable">((resolve) => {
    timer = setTimeout(() => resolve("unreachable"), timeoutMs);
  });
  const verdict = (async (): Promise<DatabaseReadiness> => {
    try {
      return (await fits(await status())) ? "ready" : "schema_mismatch";
    } catch {
      return "unreachable";
    }
  })();
  try {
    return await Promise.race([verdict, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
