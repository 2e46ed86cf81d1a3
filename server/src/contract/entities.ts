// The API's entity shapes (requirements §3 and §7). Pure module: no Node or browser imports.
import { z } from "zod";
import { apiErrorCode, ERROR_CODES_BY_STATUS, type ApiErrorStatus } from "./errors";
import {
  LIMITS,
  MESSAGES,
  SSN_DIGITS_OR_MASKED,
  SSN_MASKED,
  PHONE_DIGITS,
  ROLES,
  legalNameProblem,
  llcNameProblem,
  birthdateProblem,
  riskScoreProblem,
  lossCapacityProblem,
  zipProblem,
  ssnNeverIssuedProblem,
  phoneNumberProblem,
} from "./rules";
import { hasForbiddenCharacters, personNameProblem, plainTextProblem } from "./text";
import { distinctChoices, issueFrom } from "./refine";
import { outputShape, storedText } from "./output-shape";

/** Ids are PostgreSQL `integer`s: outside 1..2^31-1 an id is malformed (400), not a query PostgreSQL refuses (500). */
const ID_MAX = 2_147_483_647;
export const recordId = z.number().int().positive().max(ID_MAX);
const id = recordId;
export const idParam = z.coerce.number().int().positive().max(ID_MAX);
const timestamp = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?$/, "Invalid timestamp format");
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, MESSAGES.invalidFormat("date"));
const enumId = (category: string) =>
  z.string().regex(new RegExp(`^${category}_[a-z0-9_]+$`), MESSAGES.invalidFormat(category.replace(/_/g, " ")));
/** Every free-text field: trimmed, NFC-composed, refused with a forbidden character (text.ts). */
export const freeText = (field: string) =>
  z
    .string()
    .trim()
    .normalize("NFC")
    .refine((v) => !hasForbiddenCharacters(v), MESSAGES.forbiddenCharacters(field));
const text = (field: string, max: number) => freeText(field).max(max, MESSAGES.maxLength(field, max));
/** A first or last name, forms and API (text.ts personNameProblem). */
export const personName = (field: string) =>
  text(field, LIMITS.nameMax).superRefine(issueFrom(personNameProblem(field)));
/** An address line, a city, a custom fund's name (text.ts plainTextProblem). */
export const plainText = (field: string, max: number) =>
  text(field, max).superRefine(issueFrom(plainTextProblem(field)));

/** One plain mailbox, local@domain in ASCII: zod's own pattern (docs/decisions/0190). */
export const MAILBOX = z.regexes.email;
export const emailField = freeText("Email")
  .max(LIMITS.emailMax, MESSAGES.maxLength("Email", LIMITS.emailMax))
  .regex(MAILBOX, MESSAGES.email);

export const foundationName = freeText("Foundation name")
  .min(1, MESSAGES.required)
  .max(LIMITS.foundationNameMax, MESSAGES.foundationNameMax)
  .superRefine(issueFrom(legalNameProblem))
  .superRefine(issueFrom(llcNameProblem));

export const ENUM_CATEGORIES = [
  "marital_status",
  "us_state",
  "strategy_type",
  "liquidity_needs",
  "tax_status",
  "primary_goal",
  "transfer_method",
  "horizon_years",
  "net_worth",
  "federal_tax_bracket",
  "custodian",
] as const;
export const enumItem = z.object({
  enum_id: z.string(),
  enum_label: z.string(),
  enum_category: z.enum(ENUM_CATEGORIES),
});

/** Fields a founder may write on a person. SSN and phone are digits only on the wire. */
export const personWritable = z.object({
  email: emailField.nullable(),
  first_name: personName("First name").nullable(),
  last_name: personName("Last name").nullable(),
  dob: isoDate.superRefine(issueFrom((v: string) => birthdateProblem(v))).nullable(),
  /** 9 digits, an issued SSN; the masked value the API returned is accepted and keeps the stored SSN. */
  ssn: z.string().regex(SSN_DIGITS_OR_MASKED, MESSAGES.ssn).superRefine(issueFrom(ssnNeverIssuedProblem)).nullable(),
  phone: z.string().regex(PHONE_DIGITS, MESSAGES.phone).superRefine(issueFrom(phoneNumberProblem)).nullable(),
  address_line1: plainText("Address line 1", LIMITS.addressMax).nullable(),
  address_line2: plainText("Address line 2", LIMITS.addressMax).nullable(),
  city: plainText("City", LIMITS.cityMax).nullable(),
  state: enumId("us_state").nullable(),
  zip: freeText("Zip code").superRefine(issueFrom(zipProblem)).nullable(),
  marital_status: enumId("marital_status").nullable(),
});

/** What the API returns: the writable fields' shape without today's input rules (output-shape.ts). */
export const person = outputShape(personWritable).extend({
  person_id: id,
  account_id: id,
  account_primary_holder: z.boolean(),
  is_addon: z.boolean(),
  ssn: z.string().regex(SSN_MASKED).nullable(),
  /** Set only by the server after the identity provider confirms the applicant (never by the browser). */
  sumsub_applicant_id: z.string().nullable(),
  sumsub_completed_at: storedText.nullable(),
  sumsub_review_answer: storedText.nullable(),
  sumsub_email_sent_at: storedText.nullable(),
  created_at: storedText,
  updated_at: storedText,
});

export const personCreate = personWritable.partial().extend({
  account_id: id,
  account_primary_holder: z.boolean(),
  is_addon: z.boolean().default(false),
});
/**
 * PUT sends the full person; unknown read-only fields (person_id, timestamps…) are ignored.
 * @alias
 */
export const personPut = personWritable;
export const personPatch = personWritable.partial();

const bounded = (min: number, max: number, message: string, problem: (n: number) => string | null) =>
  z.number().min(min, message).max(max, message).superRefine(issueFrom(problem)).nullable();

export const riaFields = z.object({
  ria_primary_goal: enumId("primary_goal").nullable(),
  /** A whole number on the scale 1 to 5 (rules.ts riskScoreProblem). */
  ria_risk_score: bounded(LIMITS.riskScoreMin, LIMITS.riskScoreMax, MESSAGES.riskScore, riskScoreProblem),
  /** A percent, 0 to 100, at most two decimals (rules.ts lossCapacityProblem). */
  ria_loss_capacity_percent: bounded(
    LIMITS.lossCapacityMin,
    LIMITS.lossCapacityMax,
    MESSAGES.lossCapacity,
    lossCapacityProblem,
  ),
  ria_time_horizon_years: enumId("horizon_years").nullable(),
  ria_liquidity_needs: enumId("liquidity_needs").nullable(),
  ria_federal_effective_tax_rate: enumId("federal_tax_bracket").nullable(),
  ria_state: enumId("us_state").nullable(),
});
/** The seven RIA answers, in questionnaire order (given together: requirements §5). */
export const RIA_REQUIRED = Object.keys(riaFields.shape) as (keyof typeof riaFields.shape)[];
/** The tax form's body: the seven answers on screen, all given, which the PDF prints (docs/decisions/0191). */
export const taxFormAnswers = riaFields.superRefine((v, ctx) => {
  for (const field of RIA_REQUIRED)
    if (v[field] === null) ctx.addIssue({ code: "custom", path: [field], message: MESSAGES.required });
});
export const account = outputShape(riaFields).extend({
  account_id: id,
  user_id: z.string(),
  primary_account_holder: id.nullable(),
  created_at: storedText,
  updated_at: storedText,
});
export const accountPut = riaFields.partial();

export const strategy = z.object({
  strategy_id: id,
  account_id: id,
  strategy_type: storedText,
  created_at: storedText,
  entry_completed_at: storedText.nullable(),
});
export const strategyCreate = z.object({ account_id: id, strategy_type: enumId("strategy_type") });
/** A submission carries the Approve dialog's attestation: a client that skips it cannot file (docs/decisions/0096). */
export const strategyPut = z
  .object({ entry_completed_at: timestamp.nullable(), attested: z.boolean().optional() })
  .superRefine((v, ctx) => {
    if (v.entry_completed_at !== null && v.attested !== true)
      ctx.addIssue({ code: "custom", path: ["attested"], message: MESSAGES.attestation });
  });

const organizationFields = z.object({
  name_1: foundationName,
  name_2: foundationName,
  registered_state: z.literal("us_state_delaware").nullable(),
  itg_as_registered_agent: z.boolean(),
  activity_is_investment: z.boolean(),
});
const twoNames = distinctChoices("name_1", "name_2");
export const organizationWritable = organizationFields.superRefine(twoNames);
export const organization = outputShape(organizationFields).extend({
  organization_id: id,
  strategy_id: id,
  donor_advised_fund: z.string().nullable(),
  custodian: storedText.nullable(),
  created_at: storedText,
  updated_at: storedText,
});
export const organizationCreate = organizationFields.extend({ strategy_id: id }).superRefine(twoNames);
const dafFields = {
  donor_advised_fund: plainText("Custom DAF Name", LIMITS.customDafMax).min(1, MESSAGES.required).nullable(),
  custodian: enumId("custodian").nullable(),
};
export const organizationPut = organizationFields.extend(dafFields).superRefine(twoNames);
/** PUT's body as the route takes it: a DAF or custodian left out keeps the stored one. */
export const organizationPutBody = organizationFields
  .extend({ donor_advised_fund: dafFields.donor_advised_fund.optional(), custodian: dafFields.custodian.optional() })
  .superRefine(twoNames);

export const organizationUser = z.object({ organization_id: id, person_id: id, primary_holder: z.boolean() });

export const notification = z.object({
  notification_id: id,
  title: z.string(),
  description: z.string(),
  created_at: storedText,
  read_at: storedText.nullable(),
});
export const notificationQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).default(0),
  include_read: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
});

export const allData = z.object({
  account: account.extend({ primary_account_holder: person.nullable() }),
  persons: z.array(person),
  strategies: z.array(strategy),
  organizations: z.array(organization),
  organization_users: z.array(organizationUser),
});
const errorBody = z.object({ error: apiErrorCode, message: z.string() });
export const okBody = z.object({ ok: z.literal(true) });

export type EnumItem = z.infer<typeof enumItem>;
export type Person = z.infer<typeof person>;
export type Account = z.infer<typeof account>;
export type Strategy = z.infer<typeof strategy>;
export type Organization = z.infer<typeof organization>;
export type OrganizationUser = z.infer<typeof organizationUser>;
export type Notification = z.infer<typeof notification>;
export type AllData = z.infer<typeof allData>;

const apiError = errorBody.extend({
  /** The request's id (also its X-Request-Id header): what a founder quotes to support. */
  request_id: z.string().optional(),
  field: z.string().optional(),
  /** incomplete_entry: what the entry still lacks before it can be submitted. */
  missing: z.array(z.string()).optional(),
});
export const apiErrorFor = (status: ApiErrorStatus) =>
  apiError.extend({ error: z.enum(ERROR_CODES_BY_STATUS[status]) });
export const accountIdBody = z.object({ account_id: id });
export const personIdBody = z.object({ person_id: id });
export const strategyIdBody = z.object({ strategy_id: id });
export const markAllReadQuery = z.object({ account_id: idParam });
export const markAllReadResult = z.object({ ok: z.literal(true), updated: z.number().int().min(0) });

export const adminUser = z.object({
  id: z.string(),
  email: z.string().nullable(),
  roles: z.array(z.enum(ROLES)),
  created_at: z.string().nullable(),
  last_sign_in_at: z.string().nullable(),
  email_confirmed_at: z.string().nullable(),
});
export const adminUserList = z.object({ users: z.array(adminUser) });
export const adminRolesUpdate = z.object({ roles: z.array(z.enum(ROLES)).max(ROLES.length) });
export type AdminUser = z.infer<typeof adminUser>;
