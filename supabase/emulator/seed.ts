// The demo accounts every fresh start and every reset comes back to. Ids and the TOTP secret
// are fixed so documentation, the product's demo data and tests can rely on them.
import type { AuthContext } from "./context";
import { MFA_FRIENDLY_NAME } from "../../server/src/contract/rules";
import { createUser } from "./accounts";

/** Meets spec §5 and config.toml's policy: 12 characters, upper, lower, digit, symbol. */
export const DEMO_PASSWORD = "Founder!2026";
/**
 * bcrypt (cost 10, GoTrue's) of DEMO_PASSWORD, computed once: hashing is most of an empty data
 * folder's start-up, and the hash of a documented password is no secret. Checked by seed.test.ts.
 */
export const DEMO_PASSWORD_HASH = "$2b$10$mF187g7MmJRwCcX64lMOd.aozg.BLG/dwFbYubdj1EC1z4DDkYjU.";
const DEMO_PASSWORD_HASH_COST = 10;
/** Base32 (20 bytes). Add it to any authenticator app, or compute codes with tests/support/totp.ts. */
export const DEMO_TOTP_SECRET = "FOUNDERFOUNDATIONDEMOTOTPSECRET2";

export const DEMO_USERS = {
  founder: { id: "00000000-0000-4000-8000-00000000f001", email: "founder@example.com", name: "Demo Founder", roles: ["user"] },
  mfa: { id: "00000000-0000-4000-8000-00000000f002", email: "mfa@example.com", name: "Demo MFA Founder", roles: ["user"] },
  admin: { id: "00000000-0000-4000-8000-00000000f003", email: "admin@example.com", name: "Demo Admin", roles: ["user", "admin"] },
} as const;

export const DEMO_FACTOR_ID = "00000000-0000-4000-8000-00000000fa01";
/** The friendly name the product's own enrolment uses, so the app finds the seeded factor. */
export const DEMO_FACTOR_NAME = MFA_FRIENDLY_NAME;

export async function seedDemoUsers(ctx: Pick<AuthContext, "store" | "settings" | "passwords">): Promise<void> {
  // One hash for all three; the precomputed one unless a test asked for another bcrypt cost.
  const hash = ctx.passwords.cost === DEMO_PASSWORD_HASH_COST ? DEMO_PASSWORD_HASH : await ctx.passwords.hash(DEMO_PASSWORD);
  ctx.store.transaction(() => {
    for (const demo of Object.values(DEMO_USERS)) {
      createUser(ctx, {
        id: demo.id,
        email: demo.email,
        passwordHash: hash,
        provider: "email",
        // The shape the product's sign-up sends: full_name, and name = the first name.
        userMetadata: { full_name: demo.name, name: demo.name.split(" ")[0] },
        appMetadata: { roles: [...demo.roles] },
        confirmed: true,
      });
    }
    ctx.store.insertFactor({
      id: DEMO_FACTOR_ID,
      user_id: DEMO_USERS.mfa.id,
      friendly_name: DEMO_FACTOR_NAME,
      factor_type: "totp",
      status: "verified",
      secret: DEMO_TOTP_SECRET,
    });
  });
}

export function describeSeed(): string {
  return [
    `demo users (password ${DEMO_PASSWORD}):`,
    `  ${DEMO_USERS.founder.email}  confirmed, no second factor`,
    `  ${DEMO_USERS.mfa.email}      confirmed, TOTP secret ${DEMO_TOTP_SECRET}`,
    `  ${DEMO_USERS.admin.email}    roles user+admin`,
  ].join("\n");
}
