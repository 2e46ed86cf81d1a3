// This project's demo accounts, handed to the auth emulator package as its seed (the package
// knows nothing of the product). Ids and the TOTP secret are fixed so documentation, the
// product's demo data and tests can rely on them.
import path from "node:path";
import type { AuthEmulatorOptions, SeedFile } from "@founder-foundation/auth-emulator";
import { MFA_FRIENDLY_NAME } from "../server/src/contract/rules";

/** The settings file both the emulator and `supabase start` follow. */
const CONFIG_TOML = path.resolve(import.meta.dirname, "config.toml");

/** Meets requirements §5 and config.toml's policy: 12 characters, upper, lower, digit, symbol. */
export const DEMO_PASSWORD = "Founder!2026";
/**
 * bcrypt (cost 10, GoTrue's) of DEMO_PASSWORD, computed once: hashing is most of an empty data
 * folder's start-up, and the hash of a documented password is no secret. Checked by demo-seed.test.ts.
 */
/** @internal */ export const DEMO_PASSWORD_HASH = "$2b$10$mF187g7MmJRwCcX64lMOd.aozg.BLG/dwFbYubdj1EC1z4DDkYjU.";
/** Base32 (20 bytes). Add it to any authenticator app, or compute codes with tests/support/totp.ts. */
export const DEMO_TOTP_SECRET = "FOUNDERFOUNDATIONDEMOTOTPSECRET2";

export const DEMO_USERS = {
  founder: {
    id: "00000000-0000-4000-8000-00000000f001",
    email: "founder@example.com",
    name: "Demo Founder",
    roles: ["user"],
  },
  mfa: {
    id: "00000000-0000-4000-8000-00000000f002",
    email: "mfa@example.com",
    name: "Demo MFA Founder",
    roles: ["user"],
  },
  admin: {
    id: "00000000-0000-4000-8000-00000000f003",
    email: "admin@example.com",
    name: "Demo Admin",
    roles: ["user", "admin"],
  },
} as const;

/** @internal */ export const DEMO_FACTOR_ID = "00000000-0000-4000-8000-00000000fa01";
/** The friendly name the product's own enrolment uses, so the app finds the seeded factor. */
const DEMO_FACTOR_NAME = MFA_FRIENDLY_NAME;

/** Every account the product creates gets role `user` (requirements §6: the account holder's role). */
const PRODUCT_DEFAULT_ROLES = ["user"];

const DEMO_SEED: SeedFile = {
  users: Object.values(DEMO_USERS).map((demo) => ({
    id: demo.id,
    email: demo.email,
    password: DEMO_PASSWORD,
    password_hash: DEMO_PASSWORD_HASH,
    // The shape the product's sign-up sends: full_name, and name = the first name.
    user_metadata: { full_name: demo.name, name: demo.name.split(" ")[0] },
    app_metadata: { roles: [...demo.roles] },
    ...(demo.id === DEMO_USERS.mfa.id
      ? { totp: { secret: DEMO_TOTP_SECRET, factor_id: DEMO_FACTOR_ID, friendly_name: DEMO_FACTOR_NAME } }
      : {}),
  })),
};

/**
 * What this project hands the emulator package wherever it starts or resets it (the stack,
 * `npm run reset`, test harnesses): its config.toml, its demo seed and its default role.
 */
export const PROJECT_AUTH_OPTIONS = {
  config: CONFIG_TOML,
  seed: DEMO_SEED,
  configOverrides: { defaultRoles: PRODUCT_DEFAULT_ROLES },
} as const satisfies Pick<AuthEmulatorOptions, "config" | "seed" | "configOverrides">;
