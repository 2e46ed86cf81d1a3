// The one rule for a secret setting (a JWT secret, an API key, a token): the anon key in any web
// bundle is an HS256 token anyone can test guesses against offline, so a word, a pattern or a
// published example gives the secret away. Kept byte for byte in supabase/emulator and server/src,
// which may not import each other (decision 0009; tests/lint/public-local-keys.test.ts).
export const MIN_SECRET_LENGTH = 32;
const MIN_DISTINCT_CHARACTERS = 8;
const MIN_IRREGULAR_NEIGHBOURS = 10;

/** Supabase's published examples: the CLI's public secret and the self-hosting template's. */
const PUBLISHED = [
  "super-secret-jwt-token-with-at-least-32-characters-long",
  "your-super-secret-jwt-token-with-at-least-32-characters-long",
];

/** Letters and digits only, lower case: "Super_Secret…" is still the example. */
const folded = (value: string) => value.toLowerCase().replace(/[^a-z0-9]/g, "");

/** Neighbouring pairs that are neither new nor a step of 0 or 1 ("aa", "ab", "ba") count nothing: runs and repeats are not random. */
function irregularNeighbours(value: string): number {
  const codes = Array.from(value, (c) => c.codePointAt(0) ?? 0);
  const seen = new Set<string>();
  let count = 0;
  for (let i = 1; i < codes.length; i++) {
    const [a = 0, b = 0] = [codes[i - 1], codes[i]];
    if (!seen.has(`${a},${b}`) && Math.abs(a - b) > 1) count++;
    seen.add(`${a},${b}`);
  }
  return count;
}

/** Why `value` is too weak to serve as `what`, or undefined when it is strong enough. */
export function secretWeakness(what: string, value: string): string | undefined {
  if (value.length < MIN_SECRET_LENGTH) return `${what} must be at least ${MIN_SECRET_LENGTH} characters`;
  if (PUBLISHED.some((example) => folded(value).includes(folded(example))))
    return `${what} is an example published in Supabase's documentation, or a variant of one`;
  if (new Set(value).size < MIN_DISTINCT_CHARACTERS)
    return `${what} repeats too few characters (at least ${MIN_DISTINCT_CHARACTERS} different ones)`;
  if (irregularNeighbours(value) < MIN_IRREGULAR_NEIGHBOURS)
    return `${what} is a run or a repeat (such as "abcd…" or "abcabc…"), not random characters`;
  return undefined;
}
