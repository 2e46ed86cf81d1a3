// A small client for the app's API answering status, headers and raw text (a test can search the
// exact bytes): `call` over HTTP, `Api` bound to one app over HTTP or in process.
import type { FastifyInstance } from "fastify";
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

/** The headers and body text a call sends. */
function outgoing(opts: CallOptions): { headers: Record<string, string>; body: string | undefined } {
  const headers: Record<string, string> = { ...opts.headers };
  const authorization = opts.authorization ?? (opts.token ? `Bearer ${opts.token}` : undefined);
  if (authorization) headers.authorization = authorization;
  let body: string | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined) headers["content-type"] ??= "application/json";
  return { headers, body };
}

export async function call(base: string, method: string, path: string, opts: CallOptions = {}): Promise<Reply> {
  const url = new URL(path, base);
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, String(v));
  const { headers, body } = outgoing(opts);
  const res = await fetch(url, { method, headers, body, redirect: "manual" });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    text,
    json: parseJson(res.headers.get("content-type") ?? "", text),
  };
}

function parseJson(contentType: string, text: string): unknown {
  if (!contentType.includes("json") || !text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** One call to one app: `call` with the base already given. */
export type Api = (method: string, path: string, opts?: CallOptions) => Promise<Reply>;

export function httpApi(base: string): Api {
  return (method, path, opts) => call(base, method, path, opts);
}

/** The same calls answered by an app in this process (Fastify's inject: no socket, no port). */
export function injectApi(app: FastifyInstance): Api {
  return async (method, path, opts = {}) => {
    const { headers, body: payload } = outgoing(opts);
    const query = Object.fromEntries(Object.entries(opts.query ?? {}).map(([k, v]) => [k, String(v)]));
    const res = await app.inject({ method: method as "GET", url: path, headers, payload, query });
    const replyHeaders = new Headers();
    for (const [k, v] of Object.entries(res.headers))
      if (v !== undefined) replyHeaders.set(k, Array.isArray(v) ? v.join(", ") : String(v));
    return {
      status: res.statusCode,
      headers: replyHeaders,
      text: res.body,
      json: parseJson(replyHeaders.get("content-type") ?? "", res.body),
    };
  };
}

/** Throws, naming the step and the answer, unless the call got `status`. */
export function expectStatus(res: Reply, status: number, what: string): void {
  if (res.status !== status)
    throw new Error(`${what}: expected ${status}, got ${res.status} ${res.text.slice(0, 300)}`);
}

/** Signs of a leaked stack trace or internal path in a response body. */
const STACK_TRACE = [
  /\n\s+at\s+\S+/,
  /\bat\s+[\w.<>]+\s+\((?:file:|\/|node:)/,
  /\.ts:\d+:\d+/,
  /node_modules/,
  /\bSqliteError\b/,
  /\bZodError\b/,
  /"stack"\s*:/,
];

export function leaksStackTrace(text: string): boolean {
  return STACK_TRACE.some((re) => re.test(text));
}
