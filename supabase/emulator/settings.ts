// Reads the [auth] section of supabase/config.toml with the Supabase CLI's key names and template
// defaults, so the emulator and `supabase start` follow one file.
import fs from "node:fs";
import path from "node:path";
import { parse } from "smol-toml";
import { z } from "zod";
import { TEMPLATE_TYPES, type TemplateSetting, type TemplateType } from "./mail-templates";

export type PasswordRequirements =
  "" | "letters_digits" | "lower_upper_letters_digits" | "lower_upper_letters_digits_symbols";

export interface AuthSettings {
  siteUrl: string;
  additionalRedirectUrls: string[];
  jwtExpiry: number;
  refreshTokenRotation: boolean;
  refreshTokenReuseInterval: number;
  enableSignup: boolean;
  /** `[auth] enable_anonymous_sign_ins`: POST /signup with neither address nor phone signs in anonymously. */
  enableAnonymousSignIns: boolean;
  /** `[auth] enable_manual_linking`: linkIdentity / unlinkIdentity (off: 404 manual_linking_disabled). */
  manualLinkingEnabled: boolean;
  minimumPasswordLength: number;
  passwordRequirements: PasswordRequirements;
  /** Absolute path of a JWK list whose first key signs user tokens; undefined = the emulator's own key. */
  signingKeysPath: string | undefined;
  email: {
    enableSignup: boolean;
    /** true = sign-up sends a confirmation mail and returns no session (GOTRUE_MAILER_AUTOCONFIRM=false). */
    enableConfirmations: boolean;
    maxFrequency: number;
    otpLength: number;
    otpExpiry: number;
    /** `secure_password_change`: a password change from a session older than 24 h needs a reauthentication nonce. */
    securePasswordChange: boolean;
    /** `double_confirm_changes`: an e-mail change is confirmed by both the current and the new address. */
    doubleConfirmChanges: boolean;
    templates: Partial<Record<TemplateType, TemplateSetting>>;
  };
  /** `[auth.sms]`: no SMS is sent; only the `[auth.sms.test_otp]` numbers receive a code. */
  sms: {
    enableSignup: boolean;
    enableConfirmations: boolean;
    maxFrequency: number;
    otpExpiry: number;
    testOtp: Record<string, string>;
  };
  mfa: {
    maxEnrolledFactors: number;
    totp: { enrollEnabled: boolean; verifyEnabled: boolean };
    /** `[auth.mfa.web_authn]`: WebAuthn second factors (off unless config.toml turns them on, as in GoTrue). */
    webAuthn: { enrollEnabled: boolean; verifyEnabled: boolean };
  };
  /** `[auth.passkey]`: passkey sign-in and a user's passkeys (off: 404 passkey_disabled). */
  passkey: { enabled: boolean; maxPasskeysPerUser: number };
  /** `[auth.webauthn]`: the relying party of WebAuthn factors and passkeys, required when either is on. */
  webauthn: { rpId: string; rpDisplayName: string; rpOrigins: string[] };
  /** `[auth.rate_limit]` per IP per 5 minutes, plus the emulator's own `failedAttemptsPerAccount`. */
  rateLimit: {
    signInSignUps: number;
    tokenVerifications: number;
    tokenRefresh: number;
    emailSent: number;
    failedAttemptsPerAccount: number;
    /** Anonymous sign-ins per IP per hour (`anonymous_users`, GoTrue's default 30). */
    anonymousUsers: number;
  };
  /** `[auth.oauth_server] enabled`: the OAuth 2.1 server's admin client API (off: 404 feature_disabled). */
  oauthServerEnabled: boolean;
  googleEnabled: boolean;
  /** app_metadata.roles given to every new user (none unless set: GoTrue adds no roles). */
  defaultRoles: string[];
}

export type SettingsOverrides = {
  [K in keyof AuthSettings]?: AuthSettings[K] extends unknown[]
    ? AuthSettings[K]
    : AuthSettings[K] extends object
      ? {
          [J in keyof AuthSettings[K]]?: AuthSettings[K][J] extends object
            ? Partial<AuthSettings[K][J]>
            : AuthSettings[K][J];
        }
      : AuthSettings[K];
};

const duration = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const seconds = parseDuration(v);
  if (seconds === undefined) {
    ctx.addIssue({ code: "custom", message: `not a duration: ${String(v)}` });
    return z.NEVER;
  }
  return seconds;
});

const authSchema = z
  .object({
    site_url: z.string().default("http://127.0.0.1:3000"),
    additional_redirect_urls: z.array(z.string()).default([]),
    jwt_expiry: z.number().int().positive().default(3600),
    enable_refresh_token_rotation: z.boolean().default(true),
    refresh_token_reuse_interval: z.number().int().min(0).default(10),
    enable_signup: z.boolean().default(true),
    enable_anonymous_sign_ins: z.boolean().default(false),
    enable_manual_linking: z.boolean().default(false),
    minimum_password_length: z.number().int().min(6).default(6),
    password_requirements: z
      .enum(["", "letters_digits", "lower_upper_letters_digits", "lower_upper_letters_digits_symbols"])
      .default(""),
    signing_keys_path: z.string().optional(),
    rate_limit: z
      .object({
        sign_in_sign_ups: z.number().int().positive().default(300),
        token_verifications: z.number().int().positive().default(300),
        token_refresh: z.number().int().positive().default(1500),
        email_sent: z.number().int().positive().default(360000),
        failed_attempts_per_account: z.number().int().positive().default(10),
        anonymous_users: z.number().int().positive().default(30),
      })
      .partial()
      .default({}),
    email: z
      .object({
        enable_signup: z.boolean().default(true),
        enable_confirmations: z.boolean().default(false),
        max_frequency: duration.default(1),
        otp_length: z.number().int().min(6).max(10).default(6),
        otp_expiry: z.number().int().positive().default(3600),
        secure_password_change: z.boolean().default(false),
        double_confirm_changes: z.boolean().default(true),
        template: z
          .partialRecord(
            z.enum(TEMPLATE_TYPES),
            z.object({ subject: z.string().optional(), content_path: z.string().optional() }),
          )
          .default({}),
      })
      .partial()
      .default({}),
    sms: z
      .object({
        enable_signup: z.boolean().default(false),
        enable_confirmations: z.boolean().default(false),
        max_frequency: duration.default(5),
        otp_expiry: z.number().int().positive().default(60),
        test_otp: z.record(z.string(), z.string()).default({}),
      })
      .partial()
      .default({}),
    mfa: z
      .object({
        max_enrolled_factors: z.number().int().positive().default(10),
        totp: z.object({ enroll_enabled: z.boolean(), verify_enabled: z.boolean() }).partial().default({}),
        web_authn: z.object({ enroll_enabled: z.boolean(), verify_enabled: z.boolean() }).partial().default({}),
      })
      .partial()
      .default({}),
    oauth_server: z
      .object({ enabled: z.boolean().default(false) })
      .partial()
      .default({}),
    passkey: z
      .object({ enabled: z.boolean(), max_passkeys_per_user: z.number().int().positive() })
      .partial()
      .default({}),
    webauthn: z
      .object({ rp_id: z.string(), rp_display_name: z.string(), rp_origins: z.array(z.string()) })
      .partial()
      .default({}),
    // Only the Google stand-in exists: any other provider's table is reported as ignored.
    external: z
      .object({ google: z.object({ enabled: z.boolean() }).partial() })
      .partial()
      .default({}),
  })
  .partial();

/** The [auth] keys of a config.toml the schema above (the one list of implemented keys) does not name. */
export function ignoredConfigKeys(configTomlPath: string): string[] {
  const doc = parse(fs.readFileSync(configTomlPath, "utf8")) as { auth?: unknown };
  const ignored: string[] = [];
  collectIgnored(doc.auth, authSchema, "auth", ignored);
  return ignored;
}

type SchemaDef = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  entries?: Record<string, string>;
};
// zod's public `def` (the schema's definition), read as the few fields walked here.
const defOf = (schema: z.ZodType) => schema.def as unknown as SchemaDef;

function collectIgnored(value: unknown, schema: z.ZodType, at: string, out: string[]): void {
  let def = defOf(schema);
  // optional(), default(), and a duration's union-then-transform wrap what is read.
  while (def.innerType || def.type === "pipe") def = defOf((def.innerType ?? def.in) as z.ZodType);
  if (!isPlainObject(value)) return;
  for (const [key, child] of Object.entries(value)) {
    const path = `${at}.${key}`;
    if (def.type === "object") {
      const known = def.shape?.[key];
      if (known) collectIgnored(child, known, path, out);
      else out.push(path);
    } else if (def.type === "record" && def.valueType) {
      const keys = def.keyType ? defOf(def.keyType).entries : undefined;
      if (keys && !(key in keys)) out.push(path);
      else collectIgnored(child, def.valueType, path, out);
    }
  }
}

/** @internal */ export function parseDuration(value: number | string): number | undefined {
  if (typeof value === "number") return value >= 0 ? value : undefined;
  const parts = [...value.trim().matchAll(/(\d+(?:\.\d+)?)(h|m|s|ms)/g)];
  if (!parts.length || parts.map((p) => p[0]).join("") !== value.trim()) return undefined;
  const unit = { h: 3600, m: 60, s: 1, ms: 0.001 } as const;
  return parts.reduce((sum, p) => sum + Number(p[1]) * unit[p[2] as keyof typeof unit], 0);
}

/** Settings from a config.toml with overrides on top; a missing file is an error, never the defaults. */
export function loadAuthSettings(configTomlPath?: string, overrides: SettingsOverrides = {}): AuthSettings {
  if (configTomlPath !== undefined && !fs.existsSync(configTomlPath))
    throw new Error(`config file not found: ${configTomlPath}`);
  const doc = configTomlPath !== undefined ? parse(fs.readFileSync(configTomlPath, "utf8")) : {};
  const parsed = authSchema.safeParse((doc as { auth?: unknown }).auth ?? {});
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `auth.${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`${configTomlPath}: ${problems}`);
  }
  const a = parsed.data;
  const baseDir = path.dirname(configTomlPath ?? ".");
  const base: AuthSettings = {
    siteUrl: a.site_url ?? "http://127.0.0.1:3000",
    additionalRedirectUrls: a.additional_redirect_urls ?? [],
    jwtExpiry: a.jwt_expiry ?? 3600,
    refreshTokenRotation: a.enable_refresh_token_rotation ?? true,
    refreshTokenReuseInterval: a.refresh_token_reuse_interval ?? 10,
    enableSignup: a.enable_signup ?? true,
    enableAnonymousSignIns: a.enable_anonymous_sign_ins ?? false,
    manualLinkingEnabled: a.enable_manual_linking ?? false,
    minimumPasswordLength: a.minimum_password_length ?? 6,
    passwordRequirements: a.password_requirements ?? "",
    // The CLI resolves signing_keys_path relative to the supabase/ folder that holds config.toml.
    signingKeysPath: a.signing_keys_path ? path.resolve(baseDir, a.signing_keys_path) : undefined,
    email: {
      enableSignup: a.email?.enable_signup ?? true,
      enableConfirmations: a.email?.enable_confirmations ?? false,
      maxFrequency: a.email?.max_frequency ?? 1,
      otpLength: a.email?.otp_length ?? 6,
      otpExpiry: a.email?.otp_expiry ?? 3600,
      securePasswordChange: a.email?.secure_password_change ?? false,
      // On in GoTrue and the CLI template; this project's config.toml turns it off.
      doubleConfirmChanges: a.email?.double_confirm_changes ?? true,
      // The CLI reads content_path relative to the folder that holds supabase/ (its "repo directory").
      templates: Object.fromEntries(
        Object.entries(a.email?.template ?? {}).map(([type, t]) => [
          type,
          {
            subject: t?.subject,
            contentPath: t?.content_path ? path.resolve(path.dirname(baseDir), t.content_path) : undefined,
          },
        ]),
      ),
    },
    sms: {
      enableSignup: a.sms?.enable_signup ?? false,
      enableConfirmations: a.sms?.enable_confirmations ?? false,
      maxFrequency: a.sms?.max_frequency ?? 5,
      otpExpiry: a.sms?.otp_expiry ?? 60,
      // GoTrue strips a leading "+" and spaces from numbers; the table's keys are read the same way.
      testOtp: Object.fromEntries(
        Object.entries(a.sms?.test_otp ?? {}).map(([k, v]) => [k.replace(/^\+/, "").replaceAll(" ", ""), v]),
      ),
    },
    mfa: {
      maxEnrolledFactors: a.mfa?.max_enrolled_factors ?? 10,
      // GoTrue's own default is on; the CLI template turns TOTP off, config.toml here turns it on.
      totp: { enrollEnabled: a.mfa?.totp?.enroll_enabled ?? true, verifyEnabled: a.mfa?.totp?.verify_enabled ?? true },
      webAuthn: {
        enrollEnabled: a.mfa?.web_authn?.enroll_enabled ?? false,
        verifyEnabled: a.mfa?.web_authn?.verify_enabled ?? false,
      },
    },
    passkey: { enabled: a.passkey?.enabled ?? false, maxPasskeysPerUser: a.passkey?.max_passkeys_per_user ?? 10 },
    webauthn: {
      rpId: a.webauthn?.rp_id ?? "",
      rpDisplayName: a.webauthn?.rp_display_name ?? "",
      rpOrigins: a.webauthn?.rp_origins ?? [],
    },
    rateLimit: {
      signInSignUps: a.rate_limit?.sign_in_sign_ups ?? 300,
      tokenVerifications: a.rate_limit?.token_verifications ?? 300,
      tokenRefresh: a.rate_limit?.token_refresh ?? 1500,
      emailSent: a.rate_limit?.email_sent ?? 360000,
      failedAttemptsPerAccount: a.rate_limit?.failed_attempts_per_account ?? 10,
      anonymousUsers: a.rate_limit?.anonymous_users ?? 30,
    },
    // Off unless config.toml turns it on, as with the CLI (GoTrue's provider default is off too).
    googleEnabled: a.external?.google?.enabled ?? false,
    oauthServerEnabled: a.oauth_server?.enabled ?? false,
    defaultRoles: [],
  };
  const settings = mergeSettings(base, overrides);
  assertRelyingParty(settings);
  return settings;
}

/** WebAuthn needs its relying party: the CLI refuses a config.toml without it, and so does the emulator. */
function assertRelyingParty(s: AuthSettings): void {
  const on = [
    s.passkey.enabled && "auth.passkey.enabled",
    s.mfa.webAuthn.enrollEnabled && "auth.mfa.web_authn.enroll_enabled",
    s.mfa.webAuthn.verifyEnabled && "auth.mfa.web_authn.verify_enabled",
  ].filter(Boolean);
  if (!on.length) return;
  const missing = [
    !s.webauthn.rpId && "rp_id",
    !s.webauthn.rpDisplayName && "rp_display_name",
    !s.webauthn.rpOrigins.length && "rp_origins",
  ].filter(Boolean);
  if (missing.length) throw new Error(`[auth.webauthn] ${missing.join(", ")} required when ${on.join(" / ")} is on`);
}

function mergeSettings(base: AuthSettings, overrides: SettingsOverrides): AuthSettings {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) continue;
    const current = out[key];
    if (isPlainObject(current) && isPlainObject(value)) {
      const merged: Record<string, unknown> = { ...current };
      for (const [k2, v2] of Object.entries(value)) {
        const c2 = merged[k2];
        merged[k2] = isPlainObject(c2) && isPlainObject(v2) ? { ...c2, ...v2 } : v2;
      }
      out[key] = merged;
    } else {
      out[key] = value;
    }
  }
  return out as unknown as AuthSettings;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
