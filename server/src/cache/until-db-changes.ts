// Remembers values computed from the app database (serialized responses) per key and hands one
// back only while the database is exactly as it was when the value was computed: any write, by
// this app or by another connection (db/change-stamp.ts), makes every entry stale at once, so no
// write path needs to know about the cache. Bounded per database; least recently used goes first.
import { LRUCache } from "lru-cache";
import type { Db } from "../../../db/client";
import { preparedPerDb } from "../../../db/prepared";
import { changeStamp, sameStamp, type ChangeStamp } from "../../../db/change-stamp";

interface Entry<V> {
  stamp: ChangeStamp;
  value: V;
}

/** lru-cache holds no null or undefined keys or values. */
type Present = NonNullable<unknown>;

export type UntilDbChanges<K extends Present, V extends Present> = (db: Db, key: K, compute: () => V) => V;

export function cacheUntilDbChanges<K extends Present, V extends Present>(opts: { maxEntries: number }): UntilDbChanges<K, V> {
  const entriesOf = preparedPerDb(() => new LRUCache<K, Entry<V>>({ max: opts.maxEntries }));
  return (db, key, compute) => {
    const entries = entriesOf(db);
    // Taken before computing: a commit by another connection while `compute` reads leaves the
    // entry tagged with the older stamp, so it is recomputed on the next call, never trusted.
    const stamp = changeStamp(db);
    const hit = entries.get(key);
    if (hit && sameStamp(hit.stamp, stamp)) return hit.value;
    const value = compute();
    entries.set(key, { stamp, value });
    return value;
  };
}
