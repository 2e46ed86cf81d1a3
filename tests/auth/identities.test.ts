// Manual identity linking as GoTrue does it when `[auth] enable_manual_linking` is on,
// through the real supabase-js: getUserIdentities, linkIdentity with the local Google stand-in
// (the only provider that needs no internet), its refusals, unlinkIdentity and its refusals, and
// an anonymous user made permanent by linking or by an address.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient, UserIdentity } from "@supabase/supabase-js";
import { APP_URL, consent, fragmentParams, startAuthHarness, type AuthHarness } from "../support/auth-harness";
import { TEST_PASSWORD, uniqueEmail } from "../support/founders";

let h: AuthHarness;
/** Manual linking on, Google off: linking names a provider GoTrue cannot use. */
let noGoogle: AuthHarness;
beforeAll(async () => {
  [h, noGoogle] = await Promise.all([
    startAuthHarness({
      configOverrides: {
        manualLinkingEnabled: true,
        googleEnabled: true,
        enableAnonymousSignIns: true,
        email: { enableConfirmations: false },
      },
    }),
    startAuthHarness({ configOverrides: { manualLinkingEnabled: true } }),
  ]);
});
afterAll(async () => Promise.all([h?.close(), noGoogle?.close()]));

/** A confirmed e-mail user, signed in with its password. */
async function signedIn(harness: AuthHarness = h): Promise<{ c: SupabaseClient; email: string; id: string }> {
  const email = uniqueEmail("link");
  const created = await harness.admin().auth.admin.createUser({ email, password: TEST_PASSWORD, email_confirm: true });
  if (created.error || !created.data.user) throw created.error ?? new Error("no user");
  const c = harness.client();
  const { error } = await c.auth.signInWithPassword({ email, password: TEST_PASSWORD });
  if (error) throw error;
  return { c, email, id: created.data.user.id };
}

async function identities(c: SupabaseClient): Promise<UserIdentity[]> {
  const { data, error } = await c.auth.getUserIdentities();
  if (error) throw error;
  return data.identities;
}

/** linkIdentity for Google, then the consent page with `googleEmail`; returns where it sends the browser. */
async function linkGoogle(c: SupabaseClient, googleEmail: string): Promise<string> {
  const { data, error } = await c.auth.linkIdentity({
    provider: "google",
    options: { redirectTo: `${APP_URL}/settings`, skipBrowserRedirect: true },
  });
  expect(error).toBeNull();
  expect(data.url).toMatch(/\/auth\/v1\/emulator\/google\/consent\?state=/);
  return consent(data.url ?? "", googleEmail);
}

describe("getUserIdentities", () => {
  it("lists the email identity in GoTrue's shape (id = the provider's id, identity_id = the row)", async () => {
    const { c, email, id } = await signedIn();
    const list = await identities(c);
    expect(list).toEqual([
      expect.objectContaining({
        id,
        identity_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        user_id: id,
        provider: "email",
        email,
        // An admin-created user: email_confirm confirms the user, not the identity (admin.go).
        identity_data: { sub: id, email, email_verified: false, phone_verified: false },
      }),
    ]);
  });
});

describe("linkIdentity (Google stand-in)", () => {
  it("links a Google identity to the signed-in user and returns to redirectTo with a session of that user", async () => {
    const { c, email, id } = await signedIn();
    const googleEmail = uniqueEmail("google");
    const location = await linkGoogle(c, googleEmail);
    expect(location.startsWith(`${APP_URL}/settings#`)).toBe(true);
    const params = fragmentParams(location);
    expect(params.get("provider_token")).toBeTruthy();
    const linked = h.client();
    await linked.auth.setSession({
      access_token: params.get("access_token") ?? "",
      refresh_token: params.get("refresh_token") ?? "",
    });
    const { data } = await linked.auth.getUser();
    expect(data.user).toMatchObject({ id, email, app_metadata: { provider: "email", providers: ["email", "google"] } });
    const list = await identities(c);
    expect(list.map((i) => [i.provider, i.identity_data?.email])).toEqual([
      ["email", email],
      ["google", googleEmail],
    ]);
    expect(list[1]?.identity_data).toMatchObject({
      email: googleEmail,
      email_verified: true,
      iss: "https://accounts.google.com",
    });
  });

  it("refuses an identity already linked to this user or to another (identity_already_exists in the redirect), changing nothing", async () => {
    const { c } = await signedIn();
    const googleEmail = uniqueEmail("google");
    await linkGoogle(c, googleEmail);
    const again = new URL(await linkGoogle(c, googleEmail));
    expect(Object.fromEntries(again.searchParams)).toEqual({
      error: "server_error",
      error_code: "identity_already_exists",
      error_description: "Identity is already linked",
    });
    expect(Object.fromEntries(new URLSearchParams(again.hash.slice(1)))).toEqual({
      error: "server_error",
      error_code: "identity_already_exists",
      error_description: "Identity is already linked",
      sb: "",
    });

    const other = await signedIn();
    const elsewhere = new URL(await linkGoogle(other.c, googleEmail));
    expect(elsewhere.searchParams.get("error_description")).toBe("Identity is already linked to another user");
    expect((await identities(c)).map((i) => i.provider)).toEqual(["email", "google"]);
    expect((await identities(other.c)).map((i) => i.provider)).toEqual(["email"]);
  });

  it("refuses a provider that is not enabled (400 validation_failed) and a caller without a session (403 bad_jwt)", async () => {
    const { c } = await signedIn(noGoogle);
    const { error } = await c.auth.linkIdentity({ provider: "google", options: { skipBrowserRedirect: true } });
    expect(error).toMatchObject({
      status: 400,
      code: "validation_failed",
      message: "Unsupported provider: provider is not enabled",
    });
    const unknown = await c.auth.linkIdentity({
      provider: "myspace" as "google",
      options: { skipBrowserRedirect: true },
    });
    expect(unknown.error).toMatchObject({
      status: 400,
      code: "validation_failed",
      message: "Unsupported provider: Provider myspace could not be found",
    });
    const signedOut = await h
      .client()
      .auth.linkIdentity({ provider: "google", options: { skipBrowserRedirect: true } });
    // With no session supabase-js sends the anon key, which GoTrue refuses as a user token.
    expect(signedOut.error).toMatchObject({
      status: 403,
      code: "bad_jwt",
      message: "invalid claim: missing sub claim",
    });
  });

  it("makes an anonymous user permanent with the Google address, confirmed", async () => {
    const c = h.client();
    const anon = await c.auth.signInAnonymously();
    const id = anon.data.user?.id;
    const googleEmail = uniqueEmail("anon-google");
    const params = fragmentParams(await linkGoogle(c, googleEmail));
    const linked = h.client();
    await linked.auth.setSession({
      access_token: params.get("access_token") ?? "",
      refresh_token: params.get("refresh_token") ?? "",
    });
    const { data } = await linked.auth.getUser();
    expect(data.user).toMatchObject({
      id,
      email: googleEmail,
      is_anonymous: false,
      app_metadata: { provider: "google", providers: ["google"] },
    });
    expect(data.user?.email_confirmed_at).toEqual(expect.any(String));
    expect(data.user?.user_metadata.email_verified).toBe(true);
  });
});

describe("unlinkIdentity", () => {
  it("refuses to remove the only identity (422 single_identity_not_deletable) and an unknown one (422 identity_not_found)", async () => {
    const { c, id } = await signedIn();
    const [only] = await identities(c);
    const alone = await c.auth.unlinkIdentity(only as UserIdentity);
    expect(alone.error).toMatchObject({
      status: 422,
      code: "single_identity_not_deletable",
      message: "User must have at least 1 identity after unlinking",
    });
    await linkGoogle(c, uniqueEmail("google"));
    const unknown = await c.auth.unlinkIdentity({
      ...(only as UserIdentity),
      identity_id: "00000000-0000-4000-8000-000000000000",
    });
    expect(unknown.error).toMatchObject({ status: 422, code: "identity_not_found", message: "Identity doesn't exist" });
    const malformed = await c.auth.unlinkIdentity({ ...(only as UserIdentity), identity_id: "not-a-uuid" });
    expect(malformed.error).toMatchObject({
      status: 404,
      code: "validation_failed",
      message: "identity_id must be an UUID",
    });
    const { data } = await h.admin().auth.admin.getUserById(id);
    expect(data.user?.identities).toHaveLength(2);
  });

  it("removes a linked identity: providers follow, the address stays", async () => {
    const { c, email, id } = await signedIn();
    await linkGoogle(c, uniqueEmail("google"));
    const google = (await identities(c)).find((i) => i.provider === "google");
    const { data, error } = await c.auth.unlinkIdentity(google as UserIdentity);
    expect(error).toBeNull();
    expect(data).toEqual({});
    const user = (await h.admin().auth.admin.getUserById(id)).data.user;
    expect(user).toMatchObject({ email, app_metadata: { provider: "email", providers: ["email"] } });
    expect(user?.identities?.map((i) => i.provider)).toEqual(["email"]);
  });

  it("removing the email identity moves the address to the remaining (verified) Google one, still confirmed", async () => {
    const { c, id } = await signedIn();
    const googleEmail = uniqueEmail("google");
    await linkGoogle(c, googleEmail);
    const email = (await identities(c)).find((i) => i.provider === "email");
    expect((await c.auth.unlinkIdentity(email as UserIdentity)).error).toBeNull();
    const user = (await h.admin().auth.admin.getUserById(id)).data.user;
    expect(user).toMatchObject({ email: googleEmail, app_metadata: { provider: "google", providers: ["google"] } });
    expect(user?.email_confirmed_at).toEqual(expect.any(String));
  });
});

describe("anonymous → e-mail conversion", () => {
  it("creates the email identity once the address is set (confirmations off: at once)", async () => {
    const c = h.client();
    await c.auth.signInAnonymously();
    expect(await identities(c)).toEqual([]);
    const email = uniqueEmail("convert");
    const { error } = await c.auth.updateUser({ email });
    expect(error).toBeNull();
    const list = await identities(c);
    expect(list).toEqual([
      expect.objectContaining({
        provider: "email",
        email,
        identity_data: expect.objectContaining({ email, email_verified: true }),
      }),
    ]);
  });
});
