// The slice of autocannon 9's programmatic API the benchmark uses (the package ships no types).
declare module "autocannon" {
  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  }
  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    method?: "GET" | "PUT" | "POST" | "PATCH" | "DELETE";
    headers?: Record<string, string>;
    body?: string;
    timeout?: number;
    /**
     * Each connection cycles through these; setupRequest may rewrite a request just before it is sent,
     * onResponse reads its answer; `context` is the connection's own object, kept across the cycle.
     */
    requests?: Array<{
      method?: string;
      setupRequest?: (req: Request, context: Record<string, unknown>) => unknown;
      onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
    }>;
  }
  interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    mismatches: number;
    latency: Histogram;
    requests: Histogram & { sent: number };
    throughput: Histogram;
  }
  function autocannon(opts: Options): Promise<Result>;
  export type { Request };
  export default autocannon;
}
