// localStorage with parsing guarded: a value that fails to parse or validate is removed, never thrown.
export function readJson<T>(key: string, isValid: (v: unknown) => v is T, storage: Storage = localStorage): T | null {
  const raw = storage.getItem(key);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (isValid(value)) return value;
  } catch {
    // fall through: discard
  }
  storage.removeItem(key);
  return null;
}

export function writeJson(key: string, value: unknown, storage: Storage = localStorage): void {
  storage.setItem(key, JSON.stringify(value));
}
