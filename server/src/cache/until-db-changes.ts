// Values computed from the app database, per key, handed back only while nobody anywhere has written
// since (db/change-stamp.ts), so no write path needs to know about the cache. Bounded, LRU.
import { LRUCache } from "lru-cache";
import { counter } from "../metrics";
import type { AppDb } from "../../../db/engine";
import type { ChangeStamp } from "../../../db/change-stamp";

interface Entry<V> {
  stamp: ChangeStamp;
  value: V;
}

/** lru-cache holds no null or undefined keys or values. */
type Present = NonNullable<unknown>;

export type UntilDbChanges<K extends Present, V extends Present> = (
  db: AppDb,
  key: K,
  compute: () => Promise<V>,
) => Promise<V>;

const lookups = counter({
  name: "cache_lookups_total",
  help: "Lookups in a cache of answers kept until the database changes, by cache and result (hit: served as kept; miss: computed)",
  labelNames: ["cache", "result"],
});

/** `name` labels the cache's lookups in the metrics (cache_lookups_total). */
export function cacheUntilDbChanges<K extends Present, V extends Present>(opts: {
  name: string;
  maxEntries: number;
  /** A bound on the values' total size too, as `sizeOf` counts it. */
  maxBytes?: number;
  sizeOf?: (value: V) => number;
}): UntilDbChanges<K, V> {
  const byDb = new WeakMap<AppDb, LRUCache<K, Entry<V>>>();
  const { maxBytes, sizeOf } = opts;
  const bounds: LRUCache.Options<K, Entry<V>, unknown> = maxBytes && sizeOf
    ? { max: opts.maxEntries, maxSize: maxBytes, sizeCalculation: (e) => Math.max(1, sizeOf(e.value)) }
    : { max: opts.maxEntries };
  // Children made once: a labelled child's inc() skips hashing the labels on every request.
  for (const result of ["hit", "miss"]) lookups.inc({ cache: opts.name, result }, 0);
  const hits = lookups.labels(opts.name, "hit");
  const misses = lookups.labels(opts.name, "miss");
  return async (db, key, compute) => {
    // Taken before computing: a commit by anyone while `compute` reads leaves the entry tagged
    // with the older stamp, so it is recomputed on the next call, never trusted.
    const stamp = await db.changeStamp();
    let entries = byDb.get(db);
    if (!entries) byDb.set(db, (entries = new LRUCache<K, Entry<V>>(bounds)));
    const hit = entries.get(key);
    if (hit && hit.stamp === stamp) {
      hits.inc();
      return hit.value;
    }
    misses.inc();
    const value = await compute();
    entries.set(key, { stamp, value });
    return value;
  };
}
