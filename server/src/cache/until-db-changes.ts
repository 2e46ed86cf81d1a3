// Remembers values computed from the app database (serialized responses) per key and hands one
// back only while the database is exactly as it was when the value was computed: any write, by
// this app or by another connection (db/change-stamp.ts), makes every entry stale at once, so no
// write path needs to know about the cache. Bounded per database; least recently used goes first.
import type { Db } from "../../../db/client";
import { preparedPerDb } from "../../../db/prepared";
import { changeStamp, sameStamp, type ChangeStamp } from "../../../db/change-stamp";

interface Entry<V> {
  stamp: ChangeStamp;
  value: V;
}

export type UntilDbChanges<K, V> = (db: Db, key: K, compute: () => V) => V;

export function cacheUntilDbChanges<K, V>(opts: { maxEntries: number }): UntilDbChanges<K, V> {
  const entriesOf = preparedPerDb(() => new Map<K, Entry<V>>());
  return (db, key, compute) => {
    const entries = entriesOf(db);
    // Taken before computing: a commit by another connection while `compute` reads leaves the
    // entry tagged with the older stamp, so it is recomputed on the next call, never trusted.
    const stamp = changeStamp(db);
    const hit = entries.get(key);
    if (hit) {
      entries.delete(key);
      if (sameStamp(hit.stamp, stamp)) {
        entries.set(key, hit);
        return hit.value;
      }
    }
    const value = compute();
    entries.set(key, { stamp, value });
    if (entries.size > opts.maxEntries) entries.delete(entries.keys().next().value as K);
    return value;
  };
}
