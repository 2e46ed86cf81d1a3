// The one rule for a secret given to the emulator (its JWT secret, the mailbox token): the anon key
// in any web bundle is an HS256 token an attacker can test guesses against offline, so a word or a
// published example gives away the service_role key. GoTrue itself asks for 32+ characters.
export const MIN_SECRET_LENGTH = 32;
const MIN_DISTINCT_CHARACTERS = 8;

/** The self-hosting template's example (the CLI's public secret has its own rule: exposure.ts). */
const PUBLISHED = new Set(["your-super-secret-jwt-token-with-at-least-32-characters-long"]);

/** Why `value` is too weak to serve as `what`, or undefined when it is strong enough. */
export function secretWeakness(what: string, value: string): string | undefined {
  if (value.length < MIN_SECRET_LENGTH) return `${what} must be at least ${MIN_SECRET_LENGTH} characters`;
  if (new Set(value).size < MIN_DISTINCT_CHARACTERS)
    return `${what} repeats too few characters (at least ${MIN_DISTINCT_CHARACTERS} different ones)`;
  if (PUBLISHED.has(value.toLowerCase())) return `${what} is an example published in Supabase's documentation`;
  return undefined;
}
