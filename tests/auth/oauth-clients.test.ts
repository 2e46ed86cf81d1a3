// The OAuth 2.1 server's admin client API through the real supabase-js
// (auth.admin.oauth.*), on only when `[auth.oauth_server] enabled`: registration with GoTrue's
// redirect-URI rules and messages, list (paged when asked), get, partial update, delete and a new
// secret; the switch off answers 404 feature_disabled.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAuthHarness, type AuthHarness } from "../support/auth-harness";

let h: AuthHarness;
let off: AuthHarness;
beforeAll(async () => {
  [h, off] = await Promise.all([
    startAuthHarness({ configOverrides: { oauthServerEnabled: true } }),
    startAuthHarness(),
  ]);
});
afterAll(async () => Promise.all([h?.close(), off?.close()]));

const oauth = () => h.admin().auth.admin.oauth;
/** auth-js's create type leaves out fields GoTrue takes (client_type, logo_uri). */
type CreateParams = Parameters<ReturnType<typeof oauth>["createClient"]>[0];
const params = (p: Record<string, unknown>) => p as unknown as CreateParams;

async function listed(harness: AuthHarness = h): Promise<string[]> {
  const { data } = await harness.admin().auth.admin.oauth.listClients();
  return (data.clients ?? []).map((c) => c.client_id);
}

describe("OAuth server off (the shipped config)", () => {
  it("every client route answers 404 feature_disabled, after the admin check", async () => {
    const admin = off.admin().auth.admin.oauth;
    const disabled = { status: 404, code: "feature_disabled", message: "OAuth server is disabled" };
    expect(
      (await admin.createClient({ client_name: "x", redirect_uris: ["https://app.example.com/cb"] })).error,
    ).toMatchObject(disabled);
    expect((await admin.listClients()).error).toMatchObject(disabled);
    expect((await admin.getClient("00000000-0000-4000-8000-000000000000")).error).toMatchObject(disabled);
    expect((await off.client().auth.admin.oauth.listClients()).error).toMatchObject({ status: 403 });
  });
});

describe("OAuth server on", () => {
  it("registers a confidential client by default, with its secret shown once", async () => {
    const { data, error } = await oauth().createClient({
      client_name: "Partner",
      redirect_uris: ["https://partner.example.com/callback", "http://localhost:8080/cb"],
      client_uri: "https://partner.example.com",
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      client_type: "confidential",
      token_endpoint_auth_method: "client_secret_basic",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      registration_type: "manual",
      client_name: "Partner",
      client_uri: "https://partner.example.com",
      redirect_uris: ["https://partner.example.com/callback", "http://localhost:8080/cb"],
    });
    expect(data?.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const got = await oauth().getClient(data?.client_id ?? "");
    expect(got.error).toBeNull();
    expect(got.data).toMatchObject({ client_id: data?.client_id, client_name: "Partner" });
    expect(got.data?.client_secret).toBeUndefined();
  });

  it("a client with token_endpoint_auth_method none is public and has no secret", async () => {
    const { data, error } = await oauth().createClient({
      client_name: "SPA",
      redirect_uris: ["myapp://callback"],
      token_endpoint_auth_method: "none",
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ client_type: "public", token_endpoint_auth_method: "none" });
    expect(data?.client_secret).toBeUndefined();
    const regen = await oauth().regenerateClientSecret(data?.client_id ?? "");
    expect(regen.error).toMatchObject({
      status: 400,
      code: "validation_failed",
      message: "Cannot regenerate secret for public client",
    });
  });

  it.each([
    [[], "400: redirect_uris is required"],
    [["not a url"], "400: invalid redirect_uri 'not a url': must have scheme and host"],
    [
      ["http://partner.example.com/cb"],
      "400: invalid redirect_uri 'http://partner.example.com/cb': HTTP scheme only allowed for localhost",
    ],
    [
      ["javascript://x/alert(1)"],
      "400: invalid redirect_uri 'javascript://x/alert(1)': scheme 'javascript' is not allowed for security reasons",
    ],
    [
      ["https://partner.example.com/cb#frag"],
      "400: invalid redirect_uri 'https://partner.example.com/cb#frag': fragment not allowed in redirect URI",
    ],
    [
      Array.from({ length: 11 }, (_, i) => `https://partner.example.com/${i}`),
      "400: redirect_uris cannot exceed 10 items",
    ],
  ])("refuses redirect_uris %j with GoTrue's message and registers nothing", async (uris, message) => {
    const before = await listed();
    const { error } = await oauth().createClient({ client_name: "Bad", redirect_uris: uris });
    expect(error).toMatchObject({ status: 400, code: "validation_failed", message });
    expect(await listed()).toEqual(before);
  });

  it("refuses an inconsistent client_type and an unknown grant type", async () => {
    const inconsistent = await oauth().createClient(
      params({
        client_name: "x",
        redirect_uris: ["https://a.example.com/cb"],
        client_type: "public",
        token_endpoint_auth_method: "client_secret_post",
      }),
    );
    expect(inconsistent.error).toMatchObject({
      status: 400,
      message:
        "400: client_type 'public' is inconsistent with token_endpoint_auth_method 'client_secret_post' (expected client_type 'confidential')",
    });
    const grant = await oauth().createClient({
      client_name: "x",
      redirect_uris: ["https://a.example.com/cb"],
      grant_types: ["password" as "authorization_code"],
    });
    expect((await oauth().createClient({ client_name: "x", redirect_uris: ["https:/one-slash"] })).error).toMatchObject(
      { message: "400: invalid redirect_uri 'https:/one-slash': must have scheme and host" },
    );
    expect(
      (
        await oauth().createClient({
          client_name: "loopback",
          redirect_uris: ["http://[::1]:8080/cb", "http://127.0.0.1/cb"],
        })
      ).error,
    ).toBeNull();
    expect(grant.error).toMatchObject({
      status: 400,
      message: "400: grant_types must only contain 'authorization_code' and/or 'refresh_token'",
    });
  });

  it("updates only the fields sent; refuses an empty update and a bad redirect URI, changing nothing", async () => {
    const { data: created } = await oauth().createClient(
      params({
        client_name: "Before",
        redirect_uris: ["https://b.example.com/cb"],
        logo_uri: "https://b.example.com/logo.png",
      }),
    );
    const id = created?.client_id ?? "";
    const updated = await oauth().updateClient(id, { client_name: "After" });
    expect(updated.error).toBeNull();
    expect(updated.data).toMatchObject({
      client_name: "After",
      redirect_uris: ["https://b.example.com/cb"],
      logo_uri: "https://b.example.com/logo.png",
    });
    expect((await oauth().updateClient(id, {})).error).toMatchObject({
      status: 400,
      code: "validation_failed",
      message: "No fields provided for update",
    });
    expect((await oauth().updateClient(id, { redirect_uris: ["ftp:/nohost"] })).error).toMatchObject({
      status: 400,
      message: "invalid redirect_uri 'ftp:/nohost': must have scheme and host",
    });
    expect((await oauth().updateClient(id, { token_endpoint_auth_method: "none" })).error).toMatchObject({
      status: 400,
      message:
        "token_endpoint_auth_method 'none' is not valid for client_type 'confidential'; valid methods: [client_secret_basic client_secret_post]",
    });
    expect((await oauth().getClient(id)).data).toMatchObject({
      client_name: "After",
      redirect_uris: ["https://b.example.com/cb"],
      token_endpoint_auth_method: "client_secret_basic",
    });
  });

  it("regenerates a confidential client's secret", async () => {
    const { data: created } = await oauth().createClient({
      client_name: "Rotating",
      redirect_uris: ["https://r.example.com/cb"],
    });
    const regen = await oauth().regenerateClientSecret(created?.client_id ?? "");
    expect(regen.error).toBeNull();
    expect(regen.data?.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(regen.data?.client_secret).not.toBe(created?.client_secret);
  });

  it("deletes a client: gone from get and list; an unknown id is 404 oauth_client_not_found", async () => {
    const { data: created } = await oauth().createClient({
      client_name: "Doomed",
      redirect_uris: ["https://d.example.com/cb"],
    });
    const id = created?.client_id ?? "";
    expect(await listed()).toContain(id);
    expect((await oauth().deleteClient(id)).error).toBeNull();
    expect((await oauth().getClient(id)).error).toMatchObject({
      status: 404,
      code: "oauth_client_not_found",
      message: "OAuth client not found",
    });
    expect(await listed()).not.toContain(id);
    expect((await oauth().deleteClient(id)).error).toMatchObject({ status: 404, code: "oauth_client_not_found" });
  });

  it("lists newest first; page and per_page page it with GoTrue's headers", async () => {
    const all = await listed();
    expect(all.length).toBeGreaterThanOrEqual(3);
    const { data, error } = await oauth().listClients({ page: 1, perPage: 2 });
    expect(error).toBeNull();
    expect(data.clients.map((c) => c.client_id)).toEqual(all.slice(0, 2));
    expect(data).toMatchObject({ nextPage: 2, total: all.length });
    const second = await oauth().listClients({ page: 2, perPage: 2 });
    expect(second.data.clients.map((c) => c.client_id)).toEqual(all.slice(2, 4));
  });

  it("a malformed client id is 400 validation_failed", async () => {
    const res = await fetch(`${h.url}/auth/v1/admin/oauth/clients/not-a-uuid`, {
      headers: {
        authorization: `Bearer ${h.emulator.serviceRoleKey}`,
        apikey: h.emulator.serviceRoleKey,
        "x-supabase-api-version": "2024-01-01",
      },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: "validation_failed", message: "invalid client_id format" });
  });
});
