// Time in the shapes GoTrue uses: RFC 3339 strings for stored timestamps, Unix seconds for JWTs.
export const nowIso = (): string => new Date().toISOString();
export const nowSeconds = (): number => Math.floor(Date.now() / 1000);
export const isoToMs = (iso: string): number => new Date(iso).getTime();
