// What the emulator implements, in one list: both READMEs carry its rendering (features.test.ts
// fails when they drift), so a feature added or dropped is written down once, here.
interface Feature {
  name: string;
  /** false: the emulator answers as GoTrue does with the feature off (or 404 for a route it lacks). */
  implemented: boolean;
  /** When it is on, or what stands in for it. */
  note?: string;
  /** Shorter names prose uses for it, which no "not implemented" sentence may name when it is. */
  aka?: string[];
}

export const FEATURES: readonly Feature[] = [
  { name: "Email and password sign-up and sign-in", implemented: true, note: "confirmations, PKCE" },
  { name: "Magic links and email OTP", implemented: true, note: "`/otp`, `/magiclink`, `/verify`" },
  {
    name: "Recovery, invites, resends and email change",
    implemented: true,
    note: "`double_confirm_changes`, `secure_password_change` reauthentication",
    aka: ["double_confirm_changes", "secure_password_change"],
  },
  {
    name: "Phone/SMS sign-up, sign-in and phone change",
    implemented: true,
    note: "when `[auth.sms] enable_signup`; no SMS is sent, `[auth.sms.test_otp]` numbers get their code",
    aka: ["phone/SMS"],
  },
  {
    name: "Anonymous sign-ins",
    implemented: true,
    note: "when `[auth] enable_anonymous_sign_ins`",
    aka: ["anonymous sign-ins"],
  },
  { name: "Refresh-token rotation", implemented: true, note: "reuse interval, family revocation" },
  { name: "TOTP second factors", implemented: true },
  {
    name: "WebAuthn second factors",
    implemented: true,
    note: "when `[auth.mfa.web_authn]` enables them",
    aka: ["WebAuthn"],
  },
  { name: "Passkeys", implemented: true, note: "when `[auth.passkey] enabled`", aka: ["passkeys"] },
  {
    name: "Google sign-in and identity linking",
    implemented: true,
    note: "through a local consent page, when `[auth.external.google] enabled`",
  },
  { name: "Admin API", implemented: true, note: "users, factors, passkeys, `generate_link`" },
  { name: "Admin OAuth clients", implemented: true, note: "when `[auth.oauth_server] enabled`" },
  { name: "Mailbox with Mailpit's API, seed users and reset", implemented: true, note: "emulator only" },
  {
    name: "A GoTrue without signing keys (HS256 user tokens) or served at its root path",
    implemented: true,
    note: "options `hs256UserTokens`, `serveAtRoot`",
  },
  { name: "OAuth providers other than Google", implemented: false },
  { name: "SAML/SSO", implemented: false },
  { name: "The OAuth 2.1 server's `/oauth/*` flow", implemented: false },
  { name: "`id_token` and Web3 sign-in", implemented: false },
  {
    name: "`/.well-known/openid-configuration`, an audit log (`/admin/audit` answers `[]`), `/admin/sso/providers`, `/admin/custom-providers`",
    implemented: false,
  },
];

export const FEATURES_START = "<!-- features: generated from supabase/emulator/features.ts -->";
export const FEATURES_END = "<!-- /features -->";

/** The Markdown both READMEs carry between FEATURES_START and FEATURES_END. */
export function renderFeatures(features: readonly Feature[] = FEATURES): string {
  const line = (f: Feature) => `- ${f.name}${f.note ? ` (${f.note})` : ""}`;
  return [
    "Implemented:",
    "",
    ...features.filter((f) => f.implemented).map(line),
    "",
    "Not implemented (the package README's endpoint table says how each answers):",
    "",
    ...features.filter((f) => !f.implemented).map(line),
  ].join("\n");
}
