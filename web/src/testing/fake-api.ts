// A scripted /api for component and data-layer tests, on MSW's request interception. Requests are
// answered by the routes a test declares (path templates like "/api/persons/{personId}"); anything
// else is a 404, and every call is recorded for assertions. web/src/test-setup.ts starts it for
// every web test file and resets it after each test (files share a worker's modules).
import { http, type HttpHandler } from "msw";
import { setupServer } from "msw/node";
import { codeForStatus } from "@contract/errors";

export interface FakeCall {
  method: string;
  url: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

type Reply = { status?: number; body?: unknown } | Response;
type Handler = (call: FakeCall, params: Record<string, string>) => Reply | Promise<Reply>;
/** JSON bodies a route may answer with directly (a function is taken as a handler instead). */
type JsonBody = Record<string, unknown> | unknown[] | string | number | boolean | null;

const calls: FakeCall[] = [];

async function record(request: Request): Promise<FakeCall> {
  const url = new URL(request.url);
  const text = request.method === "GET" || request.method === "HEAD" ? "" : await request.text();
  const call: FakeCall = {
    method: request.method,
    url: request.url,
    path: url.pathname,
    query: url.searchParams,
    body: text ? (JSON.parse(text) as unknown) : undefined,
    headers: request.headers,
  };
  calls.push(call);
  return call;
}

function toResponse(reply: Reply): Response {
  if (reply instanceof Response) return reply;
  return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
    status: reply.status ?? 200,
    headers: { "content-type": "application/json" },
  });
}

/** "/api/persons/{personId}" on any origin, in MSW's path syntax. */
const mswPath = (template: string) => `*${template.replace(/\{(\w+)\}/g, ":$1")}`;

function compile(template: string): RegExp {
  const source = template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\w+\}/g, "[^/]+");
  return new RegExp(`^${source}$`);
}

const notFound: HttpHandler = http.all("*", async ({ request }) => {
  const call = await record(request);
  const message = `No fake route for ${call.method} ${call.path}`;
  return new Response(JSON.stringify({ error: "not_found", message }), { status: 404 });
});

const server = setupServer(notFound);
server.listen({ onUnhandledRequest: "error" });

export const fakeApi = {
  /** Answers `method path` with a handler, or with 200 and this JSON body. Later routes win. */
  on(method: string, template: string, reply: Handler | JsonBody) {
    const handler: Handler = typeof reply === "function" ? reply : () => ({ body: reply });
    const upper = method.toUpperCase();
    server.use(
      http.all(mswPath(template), async ({ request, params }) => {
        if (request.method !== upper) return undefined; // not this route: the next handler answers
        const call = await record(request);
        try {
          return toResponse(await handler(call, params as Record<string, string>));
        } catch {
          return Response.error(); // a handler that throws fails the call as a network error would
        }
      }),
    );
    return fakeApi;
  },
  /** Answers with an API error body as the server sends it. */
  fail(method: string, template: string, status = 400, message = "Refused") {
    return fakeApi.on(method, template, () => ({ status, body: { error: codeForStatus(status), message } }));
  },
  reset() {
    server.resetHandlers();
    calls.length = 0;
  },
  callsTo(method: string, template: string): FakeCall[] {
    const pattern = compile(template);
    return calls.filter((c) => c.method === method.toUpperCase() && pattern.test(c.path));
  },
};
