// Runs in an empty folder outside the repository where the packed emulator, supabase-js and ws
// were installed: what a team's own CI would do. Signs up, confirms by mail, enrols TOTP, signs
// out and signs in again with password and code. Prints "OK <steps>" or throws.
// Against an emulator already running (`npx auth-emulator`: AUTH_URL, ANON_KEY, MAIL_URL), or one it
// starts with the package's API; mail is read over the mailbox's Mailpit-style API either way.
import ws from "ws";
import { generateSync } from "otplib";
import { createClient } from "@supabase/supabase-js";
import { startAuthEmulator } from "@founder-foundation/auth-emulator";

/** The authenticator app's code at `at` (SHA1, 6 digits, 30 s). */
const totp = (secret, at = Date.now()) =>
  generateSync({ secret, algorithm: "sha1", digits: 6, period: 30, epoch: Math.floor(at / 1000) });

function must(step, { data, error }) {
  if (error) throw new Error(`${step}: ${error.code ?? ""} ${error.message}`);
  return data;
}

/** The newest mail to `to`, polled for up to 10 s (mail goes out just after the answer). */
async function latestMail(mailUrl, to) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = await (await fetch(`${mailUrl}/api/v1/search?query=${encodeURIComponent(`to:${to}`)}`)).json();
    const id = found.messages[0]?.ID;
    if (id) return (await fetch(`${mailUrl}/api/v1/message/${id}`)).json();
    if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const emu = process.env.AUTH_URL
  ? undefined
  : await startAuthEmulator({ port: 0, quiet: true, configOverrides: { email: { enableConfirmations: true } } });
const url = process.env.AUTH_URL ?? emu.url;
const anonKey = process.env.ANON_KEY ?? emu.anonKey;
const mailUrl = process.env.MAIL_URL ?? emu.mailbox.url;
const steps = [];
try {
  const client = () =>
    createClient(url, anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: ws },
    });
  const email = "outside@example.com";
  const password = "outside-password-1";
  const c = client();
  const signedUp = must("sign up", await c.auth.signUp({ email, password }));
  if (signedUp.session) throw new Error("sign up returned a session before confirmation");
  steps.push("signed up");

  const mail = await latestMail(mailUrl, email);
  const link = mail.Text.match(/https?:\/\/\S+\/auth\/v1\/verify\?\S+/)?.[0];
  if (!link) throw new Error("no confirmation link in the mail");
  const followed = await fetch(link, { redirect: "manual" });
  const fragment = new URLSearchParams(new URL(followed.headers.get("location") ?? "").hash.slice(1));
  must(
    "confirm",
    await c.auth.setSession({
      access_token: fragment.get("access_token") ?? "",
      refresh_token: fragment.get("refresh_token") ?? "",
    }),
  );
  steps.push("confirmed by mail");

  const factor = must("enrol", await c.auth.mfa.enroll({ factorType: "totp", friendlyName: "authenticator" }));
  must(
    "verify enrolment",
    await c.auth.mfa.challengeAndVerify({ factorId: factor.id, code: totp(factor.totp.secret) }),
  );
  steps.push("enrolled TOTP");
  must("sign out", await c.auth.signOut());

  const again = client();
  must("sign in", await again.auth.signInWithPassword({ email, password }));
  const level = must("aal", await again.auth.mfa.getAuthenticatorAssuranceLevel());
  if (level.currentLevel !== "aal1" || level.nextLevel !== "aal2")
    throw new Error(`unexpected levels ${JSON.stringify(level)}`);
  // The enrolment's code is spent: the authenticator's next one.
  must(
    "second factor",
    await again.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: totp(factor.totp.secret, Date.now() + 30_000),
    }),
  );
  const claims = must("claims", await again.auth.getClaims());
  if (claims.claims.aal !== "aal2") throw new Error("not aal2 after the second factor");
  steps.push("signed in with password and TOTP");
  console.log(`OK ${steps.join(", ")}`);
} finally {
  await emu?.stop();
}
