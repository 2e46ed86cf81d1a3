// A small fetch client for the reliability suites: every answer comes back as status, headers and
// raw text (parsed JSON when it is JSON), so a test can search the exact bytes a client received.
export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

export interface CallOptions {
  token?: string;
  /** A raw Authorization header value, for malformed headers. */
  authorization?: string;
  body?: unknown;
  /** Sent as-is (e.g. hostile JSON text); wins over body. */
  rawBody?: string;
  query?: Record<string, string | number | boolean>;
  headers?: Record<string, string>;
}

export async function call(base: string, method: string, path: string, opts: CallOptions = {}): Promise<Reply> {
  const url = new URL(path, base);
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { ...opts.headers };
  const authorization = opts.authorization ?? (opts.token ? `Bearer ${opts.token}` : undefined);
  if (authorization) headers.authorization = authorization;
  let body: string | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined) headers["content-type"] ??= "application/json";
  const res = await fetch(url, { method, headers, body, redirect: "manual" });
  const text = await res.text();
  let json: unknown = undefined;
  if ((res.headers.get("content-type") ?? "").includes("json") && text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** Signs of a leaked stack trace or internal path in a response body. */
const STACK_TRACE = [/\n\s+at\s+\S+/, /\bat\s+[\w.<>]+\s+\((?:file:|\/|node:)/, /\.ts:\d+:\d+/, /node_modules/, /\bSqliteError\b/, /\bZodError\b/, /"stack"\s*:/];

export function leaksStackTrace(text: string): boolean {
  return STACK_TRACE.some((re) => re.test(text));
}
