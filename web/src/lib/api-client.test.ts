import { describe, expect, it } from "vitest";
import { ApiError, bearerMiddleware, onApiRefusal } from "./api-client";

type Hooks = { onRequest: (a: { request: Request }) => Promise<Request>; onResponse: (a: { response: Response }) => Promise<Response> };

describe("api client middleware", () => {
  const mw = bearerMiddleware(async () => "tok") as unknown as Hooks;

  it("adds the bearer token", async () => {
    const req = await mw.onRequest({ request: new Request("http://x/api/enums/") });
    expect(req.headers.get("Authorization")).toBe("Bearer tok");
  });

  it("turns a non-2xx answer into an Error with the server's message", async () => {
    const response = new Response(JSON.stringify({ error: "not_found", message: "Account not found" }), { status: 404 });
    await expect(mw.onResponse({ response })).rejects.toEqual(new ApiError("Account not found", 404, "not_found"));
  });

  it("passes 2xx answers through", async () => {
    const response = new Response("{}", { status: 200 });
    await expect(mw.onResponse({ response })).resolves.toBe(response);
  });

  it("a 429 says 'Too many attempts, try again in N minutes' from Retry-After, and app-wide refusals reach the listeners", async () => {
    const heard: ApiError[] = [];
    const stop = onApiRefusal((e) => heard.push(e));
    const limited = new Response(JSON.stringify({ error: "too_many_requests", message: "Too many attempts, try again in 15 minutes" }), {
      status: 429,
      headers: { "retry-after": "120" },
    });
    await expect(mw.onResponse({ response: limited })).rejects.toEqual(new ApiError("Too many attempts, try again in 2 minutes", 429, "too_many_requests"));
    const aal = new Response(JSON.stringify({ error: "insufficient_aal", message: "A second factor is required: verify your authenticator code" }), { status: 403 });
    await expect(mw.onResponse({ response: aal })).rejects.toMatchObject({ status: 403, code: "insufficient_aal" });
    const forbidden = new Response(JSON.stringify({ error: "forbidden", message: "Forbidden" }), { status: 403 });
    await expect(mw.onResponse({ response: forbidden })).rejects.toMatchObject({ status: 403 });
    stop();
    expect(heard.map((e) => e.code)).toEqual(["too_many_requests", "insufficient_aal"]);
  });

  it("takes `error` as a code only when it is one of the API's (a proxy's own error page keeps its message, without a code)", async () => {
    const proxy = new Response(JSON.stringify({ error: "Bad Gateway", message: "upstream connect error" }), { status: 502 });
    const refused = await mw.onResponse({ response: proxy }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ message: "upstream connect error", status: 502 });
    expect((refused as ApiError).code).toBeUndefined();
  });
});
