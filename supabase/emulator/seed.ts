// Seed files: the users every fresh start and every reset comes back to (not to empty), given as
// `--seed file.json` or as an object. Each user may be confirmed or not, carry app_metadata (e.g.
// roles) and user_metadata, and have a verified TOTP factor with a known secret, so tests can
// sign in at aal2 without an enrolment step.
import fs from "node:fs";
import { z } from "zod";
import type { AuthContext } from "./context";
import { createUser } from "./accounts";
import { normalizeEmail } from "./passwords";
import { isPasswordHash } from "./password-hashes";

const Uuid = z.uuid();

const SeedUser = z.strictObject({
  id: Uuid.optional(),
  email: z.string(),
  /** Plain password; hashed as new passwords are (argon2id, or bcrypt at --bcrypt-cost) unless password_hash is given. */
  password: z.string().optional(),
  /** A hash GoTrue reads (bcrypt, argon2, Firebase scrypt; e.g. from a project's auth.users), used as is. */
  password_hash: z.string().refine(isPasswordHash, "a bcrypt, argon2 or Firebase scrypt hash GoTrue reads").optional(),
  email_confirmed: z.boolean().default(true),
  app_metadata: z.record(z.string(), z.unknown()).default({}),
  user_metadata: z.record(z.string(), z.unknown()).default({}),
  totp: z
    .strictObject({
      /** Base32, as authenticator apps take it. */
      secret: z.string().regex(/^[A-Z2-7]+=*$/, "a base32 secret"),
      factor_id: Uuid.optional(),
      friendly_name: z.string().default(""),
    })
    .optional(),
});

export const SeedFile = z.strictObject({ users: z.array(SeedUser).default([]) });
export type SeedFile = z.input<typeof SeedFile>;
type ParsedSeed = z.output<typeof SeedFile>;

/** A seed from a JSON file path or an object, validated (an error names the field). */
export function loadSeed(source: string | SeedFile | undefined): ParsedSeed {
  if (source === undefined) return { users: [] };
  const raw: unknown = typeof source === "string" ? JSON.parse(fs.readFileSync(source, "utf8")) : source;
  const parsed = SeedFile.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `seed${typeof source === "string" ? ` ${source}` : ""}: ${issue ? `${issue.path.join(".")}: ${issue.message}` : "invalid"}`,
    );
  }
  return parsed.data;
}

/**
 * Hashes first (outside the transaction), then writes every user and factor in one transaction that
 * marks the store seeded. `once`: nothing is written if the store is seeded already, checked in that
 * transaction, so emulators starting together on one data folder seed it once.
 */
export async function applySeed(
  ctx: Pick<AuthContext, "store" | "settings" | "passwords">,
  seed: ParsedSeed,
  { once = false } = {},
): Promise<void> {
  const hashes = await Promise.all(
    seed.users.map((u) =>
      u.password_hash
        ? Promise.resolve(u.password_hash)
        : u.password !== undefined
          ? ctx.passwords.hash(u.password)
          : Promise.resolve(null),
    ),
  );
  ctx.store.transaction(() => {
    if (once && ctx.store.seeded) return;
    ctx.store.seeded = true;
    seed.users.forEach((u, i) => {
      const user = createUser(ctx, {
        id: u.id,
        email: normalizeEmail(u.email),
        passwordHash: hashes[i] ?? null,
        provider: "email",
        // As if the user had signed up with this data (signup.go), the seed's purpose.
        userMetadata: u.user_metadata,
        metadataFrom: "identity",
        appMetadata: u.app_metadata,
        confirmed: u.email_confirmed,
      });
      if (u.totp) {
        ctx.store.factors.insertFactor({
          id: u.totp.factor_id ?? crypto.randomUUID(),
          user_id: user.id,
          friendly_name: u.totp.friendly_name,
          factor_type: "totp",
          status: "verified",
          secret: u.totp.secret,
        });
      }
    });
  });
}

/** One line per seeded user, for the console. */
export function describeSeed(seed: ParsedSeed): string {
  if (!seed.users.length) return "no seed users";
  return seed.users
    .map((u) => {
      const notes = [u.email_confirmed ? "confirmed" : "unconfirmed"];
      if (u.password !== undefined) notes.push(`password ${u.password}`);
      if (u.totp) notes.push(`TOTP secret ${u.totp.secret}`);
      const roles = u.app_metadata.roles;
      if (Array.isArray(roles) && roles.length) notes.push(`roles ${roles.join("+")}`);
      return `  ${u.email}  ${notes.join(", ")}`;
    })
    .join("\n");
}
