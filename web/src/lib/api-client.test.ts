import { describe, expect, it } from "vitest";
import { ApiError, bearerMiddleware } from "./api-client";

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
});
