// The app inside the real local stack: tokens issued by the auth emulator (ES256 with a kid, verified
// through its JWKS) open the API, and the admin routes drive the emulator's real admin API.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootStack, type TestStack } from "../support/stack";
import { createAuthUser, TEST_PASSWORD, uniqueEmail } from "../support/founders";
import { MailboxClient } from "../support/mail";

let stack: TestStack;
beforeAll(async () => {
  stack = await bootStack();
});
afterAll(async () => stack?.close());

/** A confirmed user of the stack's auth service with these roles, signed in with the password grant. */
async function signedInUser(email: string, roles: string[]): Promise<{ id: string; token: string }> {
  const user = await createAuthUser(stack.config.auth, { email, roles });
  return { id: user.userId, token: user.token };
}

const api = (path: string, token: string, init: RequestInit = {}) =>
  fetch(`${stack.app.url}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
  });

describe("app in the local stack", () => {
  it("accepts the auth emulator's user tokens and creates the account", async () => {
    const u = await signedInUser("stack.founder@example.com", ["user"]);
    // Asymmetric with a kid: the app must have verified it through the emulator's JWKS.
    const header = JSON.parse(Buffer.from(u.token.split(".")[0]!, "base64url").toString()) as {
      alg: string;
      kid?: string;
    };
    expect(header.alg).toBe("ES256");
    expect(header.kid).toEqual(expect.any(String));
    const res = await api(`/api/accounts/user/${u.id}`, u.token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ account_id: expect.any(Number) });
    expect((await api("/api/admin/users", u.token)).status).toBe(403);
  });

  it("lets an admin list users and change roles through the emulator's admin API", async () => {
    const admin = await signedInUser("stack.admin@example.com", ["admin"]);
    const target = await signedInUser("stack.target@example.com", ["user"]);
    const list = await api("/api/admin/users", admin.token);
    expect(list.status).toBe(200);
    const body = (await list.json()) as { users: Array<{ id: string; email: string; roles: string[] }> };
    expect(body.users).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: target.id, email: "stack.target@example.com", roles: ["user"] }),
      ]),
    );
    const put = await api(`/api/admin/users/${target.id}/roles`, admin.token, {
      method: "PUT",
      body: JSON.stringify({ roles: ["user", "onboarding"] }),
    });
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ id: target.id, roles: ["user", "onboarding"] });
  });

  it("serves the app config with this stack's addresses", async () => {
    const res = await fetch(`${stack.app.url}/app-config.json`);
    expect(await res.json()).toMatchObject({
      authUrl: stack.config.auth.url.replace("127.0.0.1", "localhost"),
      anonKey: stack.config.auth.anonKey,
    });
  });

  it("every link of the sign-up and reset mails leads to this app's address (APP_PORT), never :3000", async () => {
    const auth = (path: string, body: object) =>
      fetch(`${stack.config.auth.url}/auth/v1${path}`, {
        method: "POST",
        headers: { apikey: stack.config.auth.anonKey, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const email = uniqueEmail("mail-links");
    const mailbox = new MailboxClient(stack.mail!.url);
    expect((await auth("/signup", { email, password: TEST_PASSWORD })).status).toBe(200);
    const signUp = await mailbox.latest(email, { subject: "Confirm Your Signup" });
    expect((await auth("/recover", { email })).status).toBe(200);
    const reset = await mailbox.latest(email, { subject: "Reset Your Password" });
    const app = stack.config.publicAppUrl;
    expect(app).not.toContain(":3000");
    for (const mail of [signUp, reset]) {
      const links = [...mail.HTML.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;|&#38;/g, "&"));
      expect(links.length).toBeGreaterThan(2);
      for (const link of links) {
        // The auth service's verify link, which then redirects to the app; or the app itself.
        const target = link.startsWith(`${stack.config.auth.url}/auth/v1/verify?`)
          ? new URL(link).searchParams.get("redirect_to")
          : link;
        expect(target?.startsWith(app), `${link} leads to ${app}`).toBe(true);
      }
      expect(mail.Text).not.toContain(":3000");
      // No code to type: no screen of the product takes one (docs/decisions/0091).
      expect(mail.Text).not.toMatch(/enter this code/i);
    }
  });
});
