// @fastify/rate-limit's store on PostgreSQL, so N instances refuse at the limit, not N times it
// (docs/operations.md). One upsert per counted request, atomic under ON CONFLICT's row lock and
// timed by the database's clock. SQLite (one instance) counts in memory.
import { lt, sql } from "drizzle-orm";
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { Executor } from "../../../db/engine";

/** The database's clock in epoch milliseconds (one value per statement). */
function nowMs(db: Executor) {
  return db.engine === "postgres"
    ? sql<number>`floor(extract(epoch from now()) * 1000)::double precision`.mapWith(Number)
    : sql<number>`cast(unixepoch('subsec') * 1000 as integer)`.mapWith(Number);
}

/** Counts one request under `key` in a window of `windowMs`; returns the count so far and the ms until the window ends. */
export async function countRequest(
  db: Executor,
  key: string,
  windowMs: number,
): Promise<{ current: number; ttl: number }> {
  const { rateLimitHit: r } = db.t;
  const now = nowMs(db);
  const ended = sql`${r.resetAt} <= ${now}`;
  const row = await db.get(
    db.q
      .insert(r)
      .values({ key, hits: 1, resetAt: sql`${now} + ${windowMs}` })
      .onConflictDoUpdate({
        target: r.key,
        set: {
          hits: sql`case when ${ended} then 1 else ${r.hits} + 1 end`,
          resetAt: sql`case when ${ended} then ${now} + ${windowMs} else ${r.resetAt} end`,
        },
      })
      .returning({ hits: r.hits, resetAt: r.resetAt, now }),
  );
  return { current: row!.hits, ttl: Math.max(0, row!.resetAt - row!.now) };
}

/** Forgets windows that ended more than `graceMs` ago (their next request starts a new one anyway). */
async function forgetEndedWindows(db: Executor, graceMs: number): Promise<number> {
  const { rateLimitHit: r } = db.t;
  return db.run(db.q.delete(r).where(lt(r.resetAt, sql`${nowMs(db)} - ${graceMs}`)));
}

type Callback = (err: Error | null, result?: { current: number; ttl: number }) => void;

/** The route a child store counts for: @fastify/rate-limit hands child() the route's merged limit settings, the route as `routeInfo`. */
function routeKey(options: unknown): string {
  const route = (options as { routeInfo?: { method?: unknown; url?: unknown } } | undefined)?.routeInfo;
  return `${String(route?.method ?? "")} ${String(route?.url ?? "")} `;
}

/** Ended windows are swept after this many counted requests per instance (cheap: one indexed DELETE). */
const SWEEP_EVERY = 1000;

/** The plugin's `store` class; keys are the route and the caller (routes/shared.ts). */
export function databaseRateLimitStore(db: Executor): FastifyRateLimitStoreCtor {
  let counted = 0;
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;
    constructor(options?: unknown) {
      this.prefix = typeof options === "string" ? options : "";
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      if (++counted % SWEEP_EVERY === 0) void forgetEndedWindows(db, timeWindow).catch(() => undefined);
      countRequest(db, this.prefix + key, timeWindow).then(
        (result) => callback(null, result),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }

    child(options: unknown): FastifyRateLimitStore {
      return new DatabaseRateLimitStore(routeKey(options));
    }
  };
}
