// GoTrue's behaviours through the real supabase-js: its e-mail format check on every way
// in (sign-up, admin create, invite, generate_link), and the answers of features that are off
// (anonymous sign-ins, SAML SSO, Web3, ID-token sign-in, manual identity linking, phone and
// WebAuthn factors): the same code, status and message as a Supabase project with them off.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_SUPABASE } from "../../server/src/config";
import { startAuthHarness, type AuthHarness } from "../support/auth-harness";
import { TEST_PASSWORD, uniqueEmail } from "../support/founders";

let h: AuthHarness;
beforeAll(async () => {
  h = await startAuthHarness();
});
afterAll(async () => h?.close());

const FORMAT = { status: 400, code: "validation_failed", message: "Unable to validate email address: invalid format" };

async function allEmails(): Promise<string[]> {
  const { data } = await h.admin().auth.admin.listUsers({ perPage: 1000 });
  return data.users.map((u) => u.email ?? "");
}

async function signedIn() {
  const email = uniqueEmail("parity");
  await h.admin().auth.admin.createUser({ email, password: TEST_PASSWORD, email_confirm: true });
  const c = h.client();
  const { error } = await c.auth.signInWithPassword({ email, password: TEST_PASSWORD });
  if (error) throw error;
  return c;
}

describe("e-mail format check (GoTrue's validateEmail)", () => {
  it.each(["semi;colon@example.com", "co:lon@example.com", "two words@example.com", "x@-bad-.example.com"])(
    "%s is refused everywhere and creates nothing",
    async (email) => {
      const admin = h.admin().auth.admin;
      expect((await h.client().auth.signUp({ email, password: TEST_PASSWORD })).error).toMatchObject(FORMAT);
      expect((await admin.createUser({ email, password: TEST_PASSWORD })).error).toMatchObject(FORMAT);
      expect((await admin.inviteUserByEmail(email)).error).toMatchObject(FORMAT);
      expect((await admin.generateLink({ type: "signup", email, password: TEST_PASSWORD })).error).toMatchObject(
        FORMAT,
      );
      expect((await admin.generateLink({ type: "magiclink", email })).error).toMatchObject(FORMAT);
      expect((await allEmails()).filter((e) => e === email.toLowerCase())).toEqual([]);
    },
  );

  it("accepts what GoTrue accepts (plus tags, apostrophes, a dotless host)", async () => {
    for (const email of [`o'hara+${Date.now()}@example.com`, `dev-${Date.now()}@localhost`]) {
      expect((await h.admin().auth.admin.createUser({ email, password: TEST_PASSWORD })).error).toBeNull();
    }
  });
});

describe("features that are off answer as GoTrue does", () => {
  it("anonymous sign-ins: 422 anonymous_provider_disabled", async () => {
    const before = (await allEmails()).length;
    const { data, error } = await h.client().auth.signInAnonymously();
    expect(error).toMatchObject({
      status: 422,
      code: "anonymous_provider_disabled",
      message: "Anonymous sign-ins are disabled",
    });
    expect(data.session).toBeNull();
    expect((await allEmails()).length).toBe(before);
  });

  it("SAML SSO: 404 saml_provider_disabled", async () => {
    const { error } = await h.client().auth.signInWithSSO({ domain: "example.com" });
    expect(error).toMatchObject({ status: 404, code: "saml_provider_disabled", message: "SAML 2.0 is disabled" });
  });

  it("ID-token sign-in for an unconfigured provider: 400 provider_disabled, or validation_failed for an unknown one", async () => {
    const google = await h.client().auth.signInWithIdToken({ provider: "google", token: "eyJ.fake.token" });
    expect(google.error).toMatchObject({
      status: 400,
      code: "provider_disabled",
      message: 'Provider (issuer "https://accounts.google.com") is not enabled',
    });
    const custom = await h.client().auth.signInWithIdToken({ provider: "my-idp", token: "eyJ.fake.token" });
    expect(custom.error).toMatchObject({
      status: 400,
      code: "validation_failed",
      message: 'Custom OIDC provider "my-idp" not allowed',
    });
  });

  it("Web3 sign-in: 422 web3_provider_disabled", async () => {
    const res = await fetch(`${h.url}/auth/v1/token?grant_type=web3`, {
      method: "POST",
      headers: {
        apikey: LOCAL_SUPABASE.anonKey,
        "content-type": "application/json",
        "x-supabase-api-version": "2024-01-01",
      },
      body: JSON.stringify({ chain: "solana", message: "m", signature: "s" }),
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ code: "web3_provider_disabled", message: "Web3 provider is disabled" });
  });

  it("manual identity linking: 404 manual_linking_disabled once authenticated, 401 before", async () => {
    const c = await signedIn();
    const linked = await c.auth.linkIdentity({ provider: "google", options: { skipBrowserRedirect: true } });
    expect(linked.error).toMatchObject({
      status: 404,
      code: "manual_linking_disabled",
      message: "Manual linking is disabled",
    });
    const identity = (await c.auth.getUserIdentities()).data?.identities[0];
    expect(identity).toBeDefined();
    const unlinked = await c.auth.unlinkIdentity(identity as NonNullable<typeof identity>);
    expect(unlinked.error).toMatchObject({ status: 404, code: "manual_linking_disabled" });
    expect((await c.auth.getUserIdentities()).data?.identities).toHaveLength(1);
    const anonymous = await fetch(`${h.url}/auth/v1/user/identities/authorize?provider=google`, {
      headers: { apikey: LOCAL_SUPABASE.anonKey },
    });
    expect(anonymous.status).toBe(401);
  });

  it("phone and WebAuthn factors: 422 with their enroll_not_enabled codes; an unknown type 400", async () => {
    const c = await signedIn();
    const phone = await c.auth.mfa.enroll({ factorType: "phone", phone: "+15555550100" });
    expect(phone.error).toMatchObject({
      status: 422,
      code: "mfa_phone_enroll_not_enabled",
      message: "MFA enroll is disabled for Phone",
    });
    const webauthn = await c.auth.mfa.enroll({ factorType: "webauthn", friendlyName: "key" } as unknown as Parameters<
      typeof c.auth.mfa.enroll
    >[0]);
    expect(webauthn.error).toMatchObject({
      status: 422,
      code: "mfa_webauthn_enroll_not_enabled",
      message: "MFA enroll is disabled for WebAuthn",
    });
    expect((await c.auth.mfa.listFactors()).data?.all).toEqual([]);
  });
});
