// autocannon (the benchmark's load generator) with per-request hooks: the package ships no types and
// the benchmark declares only the options it uses, so this names the slice the load tests use.
import autocannon from "autocannon";

export interface LoadRequest {
  method: "GET" | "PATCH" | "PUT" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (req: LoadRequest) => LoadRequest;
  onResponse?: (status: number, body: string) => void;
}

export interface LoadOptions {
  url: string;
  connections: number;
  /** Bounded by count (tests) or by seconds (the soak). */
  amount?: number;
  duration?: number;
  headers?: Record<string, string>;
  requests: LoadRequest[];
  timeout?: number;
}

export interface LoadResult {
  errors: number;
  timeouts: number;
  non2xx: number;
  requests: { sent: number; average: number };
  latency: { p50: number; p99: number; max: number };
}

export const runLoad = autocannon as unknown as (opts: LoadOptions) => Promise<LoadResult>;

/** Every founder edits their own holder's city (numbered) and reads it back, on one connection each. */
export interface EditorTally {
  lastAcked: number;
  /** The highest number sent: a run cut off by its duration may have written it unacknowledged. */
  lastSent: number;
  staleReads: number;
}

export function cityEditor(personId: number, token: string, tally: EditorTally): LoadRequest[] {
  let n = 0;
  const auth = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const cityOf = (body: string) => Number(/"city":"City (\d+)"/.exec(body)?.[1] ?? -1);
  return [
    {
      method: "PATCH",
      path: `/api/persons/${personId}`,
      headers: auth,
      setupRequest: (req) => {
        tally.lastSent = ++n;
        return { ...req, body: JSON.stringify({ city: `City ${n}` }) };
      },
      onResponse: (status, body) => {
        if (status === 200) tally.lastAcked = Math.max(tally.lastAcked, cityOf(body));
      },
    },
    {
      method: "GET",
      path: `/api/persons/${personId}`,
      headers: { authorization: auth.authorization },
      // One connection per founder, no pipelining: a read must see this founder's last write.
      onResponse: (status, body) => {
        if (status === 200 && cityOf(body) !== tally.lastAcked) tally.staleReads += 1;
      },
    },
  ];
}
