// Drizzle schema for every entity of requirements §3: timestamps as ISO-8601 text without the Z, the
// SSN only as ciphertext (server/src/pii/ssn.ts).
import { sql } from "drizzle-orm";
import {
  sqliteTable,
  integer,
  text,
  real,
  index,
  uniqueIndex,
  primaryKey,
  type AnySQLiteColumn,
} from "drizzle-orm/sqlite-core";

const createdAt = () => text("created_at").notNull();
const updatedAt = () => text("updated_at").notNull();

export const enumItem = sqliteTable(
  "enum_item",
  {
    enumId: text("enum_id").primaryKey(),
    enumLabel: text("enum_label").notNull(),
    enumCategory: text("enum_category").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [index("enum_item_category_idx").on(t.enumCategory, t.sortOrder)],
);

export const account = sqliteTable(
  "account",
  {
    accountId: integer("account_id").primaryKey({ autoIncrement: true }),
    /** The auth user (JWT `sub`): one account per user. */
    userId: text("user_id").notNull(),
    primaryAccountHolder: integer("primary_account_holder").references((): AnySQLiteColumn => person.personId, {
      onDelete: "set null",
    }),
    riaPrimaryGoal: text("ria_primary_goal").references(() => enumItem.enumId),
    riaRiskScore: integer("ria_risk_score"),
    riaLossCapacityPercent: real("ria_loss_capacity_percent"),
    riaTimeHorizonYears: text("ria_time_horizon_years").references(() => enumItem.enumId),
    riaLiquidityNeeds: text("ria_liquidity_needs").references(() => enumItem.enumId),
    riaFederalEffectiveTaxRate: text("ria_federal_effective_tax_rate").references(() => enumItem.enumId),
    riaState: text("ria_state").references(() => enumItem.enumId),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("account_user_id_unique").on(t.userId),
    // Deleting a person clears it as its account's holder: found by this index, not a scan of every account.
    index("account_primary_holder_idx").on(t.primaryAccountHolder),
  ],
);

export const person = sqliteTable(
  "person",
  {
    personId: integer("person_id").primaryKey({ autoIncrement: true }),
    accountId: integer("account_id")
      .notNull()
      .references(() => account.accountId, { onDelete: "cascade" }),
    accountPrimaryHolder: integer("account_primary_holder", { mode: "boolean" }).notNull().default(false),
    isAddon: integer("is_addon", { mode: "boolean" }).notNull().default(false),
    email: text("email"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    dob: text("dob"),
    /** base64(iv | tag | ciphertext) of the 9 SSN digits; never the plaintext. */
    ssnEncrypted: text("ssn_encrypted"),
    /** Last four SSN digits, so masked responses need no decryption. */
    ssnLast4: text("ssn_last4"),
    phone: text("phone"),
    addressLine1: text("address_line1"),
    addressLine2: text("address_line2"),
    city: text("city"),
    state: text("state").references(() => enumItem.enumId),
    zip: text("zip"),
    maritalStatus: text("marital_status").references(() => enumItem.enumId),
    sumsubApplicantId: text("sumsub_applicant_id"),
    sumsubCompletedAt: text("sumsub_completed_at"),
    sumsubReviewAnswer: text("sumsub_review_answer", { enum: ["GREEN", "RED"] }),
    /** The provider's time of the stored review: an older result never overrides it; kept when a change clears the check. */
    sumsubReviewAt: text("sumsub_review_at"),
    sumsubEmailSentAt: text("sumsub_email_sent_at"),
    /** When a field the identity check binds last changed: only a check started later can verify (decision 0023). */
    identityChangedAt: text("identity_changed_at"),
    sumsubCheckId: text("sumsub_check_id"),
    sumsubCheckStartedAt: text("sumsub_check_started_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("person_account_idx").on(t.accountId),
    // Owner emails are unique per account, compared case-insensitively (requirements §5).
    uniqueIndex("person_account_email_unique").on(t.accountId, sql`lower(${t.email})`),
    index("person_sumsub_applicant_idx").on(t.sumsubApplicantId),
  ],
);

export const strategy = sqliteTable(
  "strategy",
  {
    strategyId: integer("strategy_id").primaryKey({ autoIncrement: true }),
    accountId: integer("account_id")
      .notNull()
      .references(() => account.accountId, { onDelete: "cascade" }),
    strategyType: text("strategy_type")
      .notNull()
      .references(() => enumItem.enumId),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    entryCompletedAt: text("entry_completed_at"),
  },
  (t) => [
    index("strategy_account_idx").on(t.accountId),
    // "Has the account submitted?" (every person save asks) without reading a strategy row.
    index("strategy_entry_completed_idx")
      .on(t.accountId)
      .where(sql`${t.entryCompletedAt} IS NOT NULL`),
    // At most one Founder Foundation strategy per account (requirements §2: Select is blocked once one exists).
    uniqueIndex("strategy_one_founder_per_account")
      .on(t.accountId)
      .where(sql`${t.strategyType} = 'strategy_type_founder'`),
  ],
);

export const organization = sqliteTable(
  "organization",
  {
    organizationId: integer("organization_id").primaryKey({ autoIncrement: true }),
    strategyId: integer("strategy_id")
      .notNull()
      .references(() => strategy.strategyId, { onDelete: "cascade" }),
    name1: text("name_1").notNull(),
    name2: text("name_2").notNull(),
    registeredState: text("registered_state").references(() => enumItem.enumId),
    itgAsRegisteredAgent: integer("itg_as_registered_agent", { mode: "boolean" }).notNull().default(false),
    activityIsInvestment: integer("activity_is_investment", { mode: "boolean" }).notNull().default(false),
    donorAdvisedFund: text("donor_advised_fund"),
    custodian: text("custodian").references(() => enumItem.enumId),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // One organization per strategy: GET /api/organizations/by_strategy/{id} returns a single one.
  (t) => [uniqueIndex("organization_strategy_unique").on(t.strategyId)],
);

export const organizationUser = sqliteTable(
  "organization_user",
  {
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organization.organizationId, { onDelete: "cascade" }),
    personId: integer("person_id")
      .notNull()
      .references(() => person.personId, { onDelete: "cascade" }),
    primaryHolder: integer("primary_holder", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.personId] }),
    index("organization_user_person_idx").on(t.personId),
  ],
);

export const notification = sqliteTable(
  "notification",
  {
    notificationId: integer("notification_id").primaryKey({ autoIncrement: true }),
    accountId: integer("account_id")
      .notNull()
      .references(() => account.accountId, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    createdAt: createdAt(),
    readAt: text("read_at"),
    /** The person the notice is about (owner added, identity result): it goes when they are deleted. */
    personId: integer("person_id").references(() => person.personId, { onDelete: "cascade" }),
  },
  (t) => [
    index("notification_account_created_idx").on(t.accountId, t.createdAt),
    index("notification_person_idx").on(t.personId),
  ],
);

/** Append-only audit trail (decision 0021): field names, never values; no foreign keys; triggers refuse UPDATE/DELETE. */
export const auditEvent = sqliteTable(
  "audit_event",
  {
    auditId: integer("audit_id").primaryKey({ autoIncrement: true }),
    at: text("at").notNull(),
    accountId: integer("account_id"),
    actorType: text("actor_type", { enum: ["user", "staff", "identity_provider"] }).notNull(),
    actorId: text("actor_id").notNull(),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: integer("entity_id"),
    fields: text("fields").notNull(),
    route: text("route").notNull(),
    /** JSON object of non-PII facts (a review answer, an outcome, a count), or null. */
    detail: text("detail"),
    /** The provider event it records (deduplication of webhooks), or null. */
    sourceEventId: text("source_event_id"),
  },
  (t) => [
    index("audit_event_account_idx").on(t.accountId, t.auditId),
    uniqueIndex("audit_event_source_event_unique").on(t.sourceEventId),
  ],
);

/** Rate-limit counts every instance shares (Postgres only); `reset_at` in epoch milliseconds. */
export const rateLimitHit = sqliteTable(
  "rate_limit_hit",
  {
    key: text("key").primaryKey(),
    hits: integer("hits").notNull(),
    // Epoch milliseconds: past 32 bits, so a float (exact to 2^53) on both engines.
    resetAt: real("reset_at").notNull(),
  },
  (t) => [index("rate_limit_hit_reset_idx").on(t.resetAt)],
);

export type AccountRow = typeof account.$inferSelect;
export type PersonRow = typeof person.$inferSelect;
export type StrategyRow = typeof strategy.$inferSelect;
export type OrganizationRow = typeof organization.$inferSelect;
export type OrganizationUserRow = typeof organizationUser.$inferSelect;
export type NotificationRow = typeof notification.$inferSelect;
export type AuditEventRow = typeof auditEvent.$inferSelect;
