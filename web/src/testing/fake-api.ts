// A scripted /api for component and data-layer tests.
// Import it FIRST in a test file: the API client (openapi-fetch) captures fetch and Request when
// its module loads, so both are replaced here, at import time. Requests are answered by the
// routes a test declares (path templates like "/api/persons/{personId}"); anything else is a 404,
// and every call is recorded for assertions.
import { codeForStatus } from "@contract/errors";

export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

type Reply = { status?: number; body?: unknown } | Response;
type Handler = (call: FakeCall, params: Record<string, string>) => Reply | Promise<Reply>;

interface Route {
  method: string;
  pattern: RegExp;
  names: string[];
  handler: Handler;
}

const ORIGIN = "http://localhost";
let routes: Route[] = [];
export const calls: FakeCall[] = [];

function compile(template: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{(\w+)\}/g, (_m, name: string) => {
    names.push(name);
    return "([^/]+)";
  });
  return { pattern: new RegExp(`^${source}$`), names };
}

/** JSON bodies a route may answer with directly (a function is taken as a handler instead). */
type JsonBody = Record<string, unknown> | unknown[] | string | number | boolean | null;

export const fakeApi = {
  /** Answers `method path` with a handler, or with 200 and this JSON body. Later routes win. */
  on(method: string, template: string, reply: Handler | JsonBody) {
    const handler: Handler = typeof reply === "function" ? reply : () => ({ body: reply });
    routes.unshift({ method: method.toUpperCase(), ...compile(template), handler });
    return fakeApi;
  },
  /** Answers with an API error body as the server sends it. */
  fail(method: string, template: string, status = 400, message = "Refused") {
    return fakeApi.on(method, template, () => ({ status, body: { error: codeForStatus(status), message } }));
  },
  reset() {
    routes = [];
    calls.length = 0;
  },
  callsTo(method: string, template: string): FakeCall[] {
    const { pattern } = compile(template);
    return calls.filter((c) => c.method === method.toUpperCase() && pattern.test(c.path));
  },
};

async function handle(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const text = request.method === "GET" || request.method === "HEAD" ? "" : await request.text();
  const call: FakeCall = {
    method: request.method,
    path: url.pathname,
    query: url.searchParams,
    body: text ? (JSON.parse(text) as unknown) : undefined,
    headers: request.headers,
  };
  calls.push(call);
  for (const route of routes) {
    const m = route.method === call.method ? route.pattern.exec(call.path) : null;
    if (!m) continue;
    const params = Object.fromEntries(route.names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)]));
    const reply = await route.handler(call, params);
    if (reply instanceof Response) return reply;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { "content-type": "application/json" },
    });
  }
  return new Response(
    JSON.stringify({ error: "not_found", message: `No fake route for ${call.method} ${call.path}` }),
    { status: 404 },
  );
}

const NativeRequest = globalThis.Request;
/** Relative URLs (the client's baseUrl is "") resolve against a fixed origin, as a page would. */
class RelativeRequest extends NativeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === "string" && input.startsWith("/") ? `${ORIGIN}${input}` : input, init);
  }
}
globalThis.Request = RelativeRequest;
globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) =>
  handle(input instanceof Request ? input : new RelativeRequest(input, init));
