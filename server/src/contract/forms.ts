// The web's form schemas (values as typed: formatted SSN and phone, "" for untouched fields) with §5's
// messages; `toPersonPayload` turns a valid form into entities.ts's shape.
import { z } from "zod";
import {
  LIMITS,
  MESSAGES,
  SSN_FORMATTED,
  SSN_MASKED,
  PHONE_FORMATTED,
  DEFAULT_DAF,
  digitsOnly,
  birthdateProblem,
  riskScoreProblem,
  lossCapacityTextProblem,
  zipProblem,
  ssnNeverIssuedProblem,
  phoneNumberProblem,
} from "./rules";
import { MAILBOX, foundationName, freeText, personName, plainText } from "./entities";
import { distinctChoices, issueFrom } from "./refine";

/** A field that must be filled (a choice, a date). */
const required = () => z.string().trim().min(1, MESSAGES.required);

/** Typed as 123-45-6789, an issued SSN; the masked value shown on edit screens (field disabled) also passes. */
const ssnInput = z
  .string()
  .min(1, MESSAGES.required)
  .refine((v) => SSN_FORMATTED.test(v) || SSN_MASKED.test(v), MESSAGES.ssn)
  .superRefine(issueFrom(ssnNeverIssuedProblem));
const phoneInput = z
  .string()
  .min(1, MESSAGES.required)
  .regex(PHONE_FORMATTED, MESSAGES.phone)
  .superRefine(issueFrom(phoneNumberProblem));
const zipInput = freeText("Zip code").min(1, MESSAGES.required).superRefine(issueFrom(zipProblem));

const birthdateInput = required().superRefine(
  issueFrom((v) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? birthdateProblem(v) : null)),
);

const contactFields = {
  phone: phoneInput,
  address1: plainText("Address line 1", LIMITS.addressMax).min(1, MESSAGES.required),
  address2: plainText("Address line 2", LIMITS.addressMax),
  city: plainText("City", LIMITS.cityMax).min(1, MESSAGES.required),
  state: required(),
  zip: zipInput,
  maritalStatus: required(),
};

/** Step 2 and /edit-profile. */
export const profileForm = z.object({
  firstName: personName("First name").min(1, MESSAGES.required),
  lastName: personName("Last name").min(1, MESSAGES.required),
  birthdate: birthdateInput,
  ssn: ssnInput,
  ...contactFields,
});
export type ProfileForm = z.infer<typeof profileForm>;

/** /edit-others: the owner's editable details; birthdate and SSN are read-only, never sent (docs/decisions/0090). */
export const ownerForm = z.object({
  birthdate: z.string(),
  ssn: z.string(),
  ...contactFields,
});
export type OwnerForm = z.infer<typeof ownerForm>;

/** Owner email (add or edit): one plain mailbox (MAILBOX); `existing` are the other owners' emails, compared case-insensitively. */
export function ownerEmailSchema(existing: readonly string[]) {
  const taken = new Set(existing.map((e) => e.trim().toLowerCase()));
  return freeText("Email")
    .min(1, MESSAGES.required)
    .max(LIMITS.emailMax, MESSAGES.maxLength("Email", LIMITS.emailMax))
    .regex(MAILBOX, MESSAGES.email)
    .refine((v) => !taken.has(v.toLowerCase()), MESSAGES.emailExists);
}

/** Step 1 and /edit-foundation: the second choice differs from the first, as the API checks. */
export const foundationForm = z
  .object({
    name1: foundationName,
    name2: foundationName,
    locatedInDelaware: z.boolean(),
    itgAsRegisteredAgent: z.boolean(),
    isInvestment: z.boolean(),
  })
  .superRefine(distinctChoices("name1", "name2"));
export type FoundationForm = z.infer<typeof foundationForm>;

/** Step 4 and /edit-daf. */
export const dafForm = z
  .object({
    daf: z.enum([DEFAULT_DAF, "Custom"], { message: MESSAGES.required }),
    customName: plainText("Custom DAF Name", LIMITS.customDafMax),
    custodian: z.string().min(1, MESSAGES.required),
  })
  .superRefine((v, ctx) => {
    if (v.daf === "Custom" && !v.customName)
      ctx.addIssue({ code: "custom", path: ["customName"], message: MESSAGES.required });
  });
export type DafForm = z.infer<typeof dafForm>;

export function dafToStored(v: DafForm): string {
  return v.daf === "Custom" ? v.customName.trim() : DEFAULT_DAF;
}
export function dafFromStored(stored: string | null | undefined): Pick<DafForm, "daf" | "customName"> {
  if (!stored || stored === DEFAULT_DAF) return { daf: DEFAULT_DAF, customName: "" };
  return { daf: "Custom", customName: stored };
}

/** /ria's seven answers, all required; numbers arrive as text from inputs. The tax form prints them. */
export const riaAnswersForm = z.object({
  primaryGoal: required(),
  riskScore: z
    .string()
    .trim()
    .min(1, MESSAGES.required)
    .superRefine(issueFrom((v: string) => riskScoreProblem(/^\d+(\.\d+)?$/.test(v) ? Number(v) : Number.NaN))),
  lossCapacity: z.string().trim().min(1, MESSAGES.required).superRefine(issueFrom(lossCapacityTextProblem)),
  horizonYears: required(),
  liquidityNeeds: required(),
  federalTaxBracket: required(),
  state: required(),
});
export type RiaAnswersForm = z.infer<typeof riaAnswersForm>;
/** /ria as Done takes it: the answers, and the receipt of the tax form printing them acknowledged. */
export const riaForm = riaAnswersForm.extend({ acknowledged: z.literal(true, { message: MESSAGES.required }) });
export type RiaForm = z.infer<typeof riaForm>;

export function toPersonFields(v: Partial<ProfileForm>) {
  const blankToNull = (s: string | undefined) => (s && s.trim() ? s.trim() : null);
  return {
    ...(v.firstName !== undefined && { first_name: blankToNull(v.firstName) }),
    ...(v.lastName !== undefined && { last_name: blankToNull(v.lastName) }),
    ...(v.birthdate !== undefined && { dob: blankToNull(v.birthdate) }),
    ...(v.ssn !== undefined && { ssn: v.ssn.includes("*") ? v.ssn : blankToNull(digitsOnly(v.ssn)) }),
    ...(v.phone !== undefined && { phone: blankToNull(digitsOnly(v.phone)) }),
    ...(v.address1 !== undefined && { address_line1: blankToNull(v.address1) }),
    ...(v.address2 !== undefined && { address_line2: blankToNull(v.address2) }),
    ...(v.city !== undefined && { city: blankToNull(v.city) }),
    ...(v.state !== undefined && { state: blankToNull(v.state) }),
    ...(v.zip !== undefined && { zip: blankToNull(v.zip) }),
    ...(v.maritalStatus !== undefined && { marital_status: blankToNull(v.maritalStatus) }),
  };
}
