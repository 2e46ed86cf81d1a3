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
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    method?: "GET" | "PUT" | "POST" | "PATCH" | "DELETE";
    headers?: Record<string, string>;
    body?: string;
    timeout?: number;
    /** Each connection cycles through these; setupRequest may rewrite a request just before it is sent. */
    requests?: Array<{
      setupRequest?: (req: {
        method?: string;
        path?: string;
        headers?: Record<string, string>;
        body?: string;
      }) => unknown;
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
  /** The running load: its result, and a "response" event with each response's time in ms. */
  interface Run extends Promise<Result> {
    on(
      event: "response",
      listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
    ): Run;
  }
  function autocannon(opts: Options): Run;
  export default autocannon;
}
