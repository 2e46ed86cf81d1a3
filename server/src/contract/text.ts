// What free text may hold, by Unicode property (docs/decisions/0190). Pure module: no Node, browser or zod imports.

const IGNORABLE = String.raw`\p{Default_Ignorable_Code_Point}`;
/** A letter of any script with its combining marks; a default-ignorable one (U+3164 HANGUL FILLER is a "letter") shows nothing. */
const LETTER = String.raw`(?:(?!${IGNORABLE})\p{L}(?:(?!${IGNORABLE})[\p{Mn}\p{Mc}])*)`;
/** ZWNJ and ZWJ between two letters, where Persian and Indic names need them; anywhere else they only hide a difference. */
const JOINER = String.raw`(?:(?<=[\p{L}\p{Mn}\p{Mc}])[\u200C\u200D](?=\p{L}))`;

/** A person's legal name: letters, spaces, hyphens, apostrophes (' and ’) and periods. */
const NAME_SIGNS = String.raw` '\u2019.\-`;
/** Addresses, cities, a fund's name: also ASCII digits (a US address's) and # / , & ( ) !. */
const TEXT_SIGNS = String.raw`${NAME_SIGNS}0-9#/,&()!`;

const onlyOf = (signs: string) => new RegExp(String.raw`^(?:${LETTER}|${JOINER}|[${signs}])*$`, "u");
const PERSON_NAME = onlyOf(NAME_SIGNS);
const PLAIN_TEXT = onlyOf(TEXT_SIGNS);
const HAS_LETTER = /\p{L}/u;
const HAS_LETTER_OR_DIGIT = /[\p{L}0-9]/u;

/** Controls forge lines; format and default-ignorable characters display as nothing or as other text. */
export const TEXT_MESSAGES = {
  personName: (field: string) => `${field} may only use letters, spaces, hyphens, apostrophes and periods`,
  plainText: (field: string) => `${field} may only use letters, digits, spaces and . , - ' # / & ( ) !`,
  needsLetter: (field: string) => `${field} needs at least one letter`,
  needsLetterOrDigit: (field: string) => `${field} needs at least one letter or digit`,
} as const;

const FORBIDDEN_TEXT_CHARACTERS =
  /(?![\u200C\u200D])[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]|(?<![\p{L}\p{Mn}\p{Mc}])[\u200C\u200D]|[\u200C\u200D](?!\p{L})/u;

export function hasForbiddenCharacters(value: string): boolean {
  return FORBIDDEN_TEXT_CHARACTERS.test(value);
}

/** A rule for a field: only `allowed` characters, and something `needed` (blank is the required check's to judge). */
const charactersRule =
  (allowed: RegExp, message: (field: string) => string, needed: RegExp, neededMessage: (field: string) => string) =>
  (field: string) =>
  (value: string): string | null => {
    if (value === "") return null;
    if (!allowed.test(value)) return message(field);
    return needed.test(value) ? null : neededMessage(field);
  };

export const personNameProblem = charactersRule(
  PERSON_NAME,
  TEXT_MESSAGES.personName,
  HAS_LETTER,
  TEXT_MESSAGES.needsLetter,
);
export const plainTextProblem = charactersRule(
  PLAIN_TEXT,
  TEXT_MESSAGES.plainText,
  HAS_LETTER_OR_DIGIT,
  TEXT_MESSAGES.needsLetterOrDigit,
);

const KEPT = new RegExp(String.raw`${LETTER}|${JOINER}|[${TEXT_SIGNS}]`, "gu");

/** A stored value as a mail or the tax form prints it: what today's rules refuse left out, spaces collapsed. */
export function printable(value: string): string {
  // \p{White_Space}, not \s: JavaScript's \s also takes U+FEFF, which is dropped, not a space.
  const spaced = value
    .normalize("NFC")
    .replace(/<[^>]*>/g, " ")
    .replace(/\p{White_Space}+/gu, " ");
  return (spaced.match(KEPT) ?? []).join("").replace(/ +/g, " ").trim();
}

/** Two names compared as a person reads them: case, surrounding and repeated spaces aside. */
export function sameName(a: string, b: string): boolean {
  const key = (s: string) => s.normalize("NFC").trim().replace(/\s+/g, " ").toLowerCase();
  return key(a) === key(b);
}
