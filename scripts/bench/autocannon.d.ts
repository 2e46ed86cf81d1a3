// The slice of autocannon 9's programmatic API the benches use (the package ships no types).
declare module "autocannon" {
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
    overallRate?: number;
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
    errors: number;
    timeouts: number;
    non2xx: number;
    requests: { average: number; total: number; sent: number };
    latency: { p50: number; p99: number; max: number };
  }
  /** The running load: its result, and a "response" event with each response's time in ms. */
  interface Run extends Promise<Result> {
    on(event: "response", listener: (client: unknown, status: number, bytes: number, ms: number) => void): Run;
  }
  function autocannon(opts: Options): Run;
  export type { Request };
  export default autocannon;
}
