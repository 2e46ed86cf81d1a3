import { describe, expect, it } from "vitest";
import { ApiError, bearerMiddleware, onApiRefusal, takeFailureReference } from "./api-client";

type Hooks = {
  onRequest: (a: { request: Request }) => Promise<Request>;
  onResponse: (a: { request: Request; response: Response }) => Promise<Response>;
};
const request = new Request("http://x/api/enums/");

describe("api client middleware", () => {
  const mw = bearerMiddleware(async () => "tok") as unknown as Hooks;

  it("adds the bearer token", async () => {
    const req = await mw.onRequest({ request: new Request("http://x/api/enums/") });
    expect(req.headers.get("Authorization")).toBe("Bearer tok");
  });

  it("turns a non-2xx answer into an Error with the server's message", async () => {
    const response = new Response(JSON.stringify({ error: "not_found", message: "Account not found" }), {
      status: 404,
    });
    await expect(mw.onResponse({ request, response })).rejects.toEqual(
      new ApiError("Account not found", 404, "not_found"),
    );
  });

  it("sends an id of its own on each call", async () => {
    const ids = await Promise.all(
      [1, 2].map(async () =>
        (await mw.onRequest({ request: new Request("http://x/api/enums/") })).headers.get("x-request-id"),
      ),
    );
    expect(ids[0]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(ids[1]).not.toBe(ids[0]);
  });

  it("a failure's reference is the server's request_id, else its X-Request-Id, else the id sent; a failure toast takes it once", async () => {
    const sent = await mw.onRequest({ request: new Request("http://x/api/enums/") });
    const sentId = sent.headers.get("x-request-id");
    const fromBody = new Response(JSON.stringify({ error: "Conflict", message: "No", request_id: "srv-1" }), {
      status: 409,
      headers: { "x-request-id": "hdr-1" },
    });
    await expect(mw.onResponse({ request: sent, response: fromBody })).rejects.toMatchObject({ reference: "srv-1" });
    expect(takeFailureReference()).toBe("srv-1");
    expect(takeFailureReference()).toBeUndefined();
    const fromHeader = new Response("<html>bad gateway</html>", { status: 502, headers: { "x-request-id": "hdr-2" } });
    await expect(mw.onResponse({ request: sent, response: fromHeader })).rejects.toMatchObject({ reference: "hdr-2" });
    const bare = new Response("", { status: 502 });
    await expect(mw.onResponse({ request: sent, response: bare })).rejects.toMatchObject({ reference: sentId });
    // A failure long before the toast is not the one it is about.
    expect(takeFailureReference(Date.now() + 60_000)).toBeUndefined();
  });

  it("passes 2xx answers through", async () => {
    const response = new Response("{}", { status: 200 });
    await expect(mw.onResponse({ request, response })).resolves.toBe(response);
  });

  it("a 429 says 'Too many attempts, try again in N minutes' from Retry-After, and app-wide refusals reach the listeners", async () => {
    const heard: ApiError[] = [];
    const stop = onApiRefusal((e) => heard.push(e));
    const limited = new Response(
      JSON.stringify({ error: "too_many_requests", message: "Too many attempts, try again in 15 minutes" }),
      {
        status: 429,
        headers: { "retry-after": "120" },
      },
    );
    await expect(mw.onResponse({ request, response: limited })).rejects.toEqual(
      new ApiError("Too many attempts, try again in 2 minutes", 429, "too_many_requests"),
    );
    const aal = new Response(
      JSON.stringify({
        error: "insufficient_aal",
        message: "A second factor is required: verify your authenticator code",
      }),
      { status: 403 },
    );
    await expect(mw.onResponse({ request, response: aal })).rejects.toMatchObject({
      status: 403,
      code: "insufficient_aal",
    });
    const forbidden = new Response(JSON.stringify({ error: "forbidden", message: "Forbidden" }), { status: 403 });
    await expect(mw.onResponse({ request, response: forbidden })).rejects.toMatchObject({ status: 403 });
    stop();
    expect(heard.map((e) => e.code)).toEqual(["too_many_requests", "insufficient_aal"]);
  });

  it("takes `error` as a code only when it is one of the API's (a proxy's own error page keeps its message, without a code)", async () => {
    const proxy = new Response(JSON.stringify({ error: "Bad Gateway", message: "upstream connect error" }), {
      status: 502,
    });
    const refused = await mw.onResponse({ request, response: proxy }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ message: "upstream connect error", status: 502 });
    expect((refused as ApiError).code).toBeUndefined();
  });
});
