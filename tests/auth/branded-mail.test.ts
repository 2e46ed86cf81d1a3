// The product's branded auth mails (supabase/config.toml [auth.email.template.*] → supabase/templates),
// as the embedded emulator sends them to a supabase-js client: the brand, the person's address,
// a link that really confirms, the code, and the same link in the HTML and the text part.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findLink, findOtp } from "../support/mail";
import { APP_URL, fragmentParams, redirectTarget, startAuthHarness, type AuthHarness } from "../support/auth-harness";
import { TEST_PASSWORD, uniqueEmail } from "../support/founders";

let h: AuthHarness;
beforeAll(async () => {
  h = await startAuthHarness();
});
afterAll(async () => h?.close());

describe("branded auth mails", () => {
  it("the confirmation mail carries the brand and a link that confirms the account", async () => {
    const email = uniqueEmail("brand");
    const { error } = await h
      .client()
      .auth.signUp({ email, password: TEST_PASSWORD, options: { emailRedirectTo: `${APP_URL}/` } });
    expect(error).toBeNull();
    const mail = await h.mail.latest(email, { subject: "Confirm Your Signup" });
    expect(mail.Subject).toBe("Founder Foundation: Confirm Your Signup");
    expect(mail.HTML).toContain('<html lang="en">');
    expect(mail.HTML).toContain("<title>Confirm your email address - Founder Foundation</title>");
    expect(mail.HTML).toContain("Founder Foundation</p>");
    expect(mail.HTML).toContain(`Confirm that ${email} is your email address`);
    expect(mail.HTML).not.toMatch(/\{\{/);
    expect(mail.Text).toMatch(/^Founder Foundation\n/);
    expect(mail.Text).not.toMatch(/[<>]/);

    const link = findLink(mail);
    expect(link).toContain(`${h.url}/auth/v1/verify?token=`);
    // Each link in the text part once, never "URL: URL" for a link labelled with its address.
    expect(mail.Text).not.toMatch(/https?:\/\/\S+: https?:\/\//);
    const lines = mail.Text.split("\n");
    expect(lines).toContain(`Confirm email address: ${link}`);
    expect(lines).toContain(link);
    expect(lines.filter((l) => l.includes(link))).toHaveLength(2);
    expect(lines).toContain(`Founder Foundation · ${APP_URL}`);
    expect(findLink({ Text: "", HTML: mail.HTML })).toBe(link);
    // No code: no screen of the product takes one (docs/decisions/0091).
    expect(() => findOtp(mail)).toThrow("no one-time code");

    const back = await redirectTarget(link);
    expect(back.status).toBe(303);
    expect(back.location.startsWith(`${APP_URL}/#`)).toBe(true);
    expect(fragmentParams(back.location).get("access_token")).toBeTruthy();
    const signedIn = await h.client().auth.signInWithPassword({ email, password: TEST_PASSWORD });
    expect(signedIn.error).toBeNull();
  });

  it("the e-mail change mail names both addresses and its code confirms the change", async () => {
    const email = uniqueEmail("brand-old");
    const newEmail = uniqueEmail("brand-new");
    await h.admin().auth.admin.createUser({ email, password: TEST_PASSWORD, email_confirm: true });
    const c = h.client();
    await c.auth.signInWithPassword({ email, password: TEST_PASSWORD });
    expect((await c.auth.updateUser({ email: newEmail })).error).toBeNull();
    const mail = await h.mail.latest(newEmail, { subject: "Confirm Email Change" });
    expect(mail.Subject).toBe("Founder Foundation: Confirm Email Change");
    expect(mail.Text).toContain(`from ${email} to ${newEmail}`);
    const { error } = await c.auth.verifyOtp({ email: newEmail, token: findOtp(mail), type: "email_change" });
    expect(error).toBeNull();
    expect((await c.auth.getUser()).data.user?.email).toBe(newEmail);
  });
});
