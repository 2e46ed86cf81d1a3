// The Postgres twin of db/schema.ts (db/schema-pg.test.ts keeps them identical), with types that
// read back as the same JavaScript values on both engines (docs/decisions/0042-postgres-schema-types.md).
import { sql } from "drizzle-orm";
import {
  pgTable,
  integer,
  text,
  doublePrecision,
  boolean,
  index,
  uniqueIndex,
  primaryKey,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";

const createdAt = () => text("created_at").notNull();
const updatedAt = () => text("updated_at").notNull();
const id = (name: string) => integer(name).primaryKey().generatedByDefaultAsIdentity();

export const enumItem = pgTable(
  "enum_item",
  {
    enumId: text("enum_id").primaryKey(),
    enumLabel: text("enum_label").notNull(),
    enumCategory: text("enum_category").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [index("enum_item_category_idx").on(t.enumCategory, t.sortOrder)],
);

export const account = pgTable(
  "account",
  {
    accountId: id("account_id"),
    userId: text("user_id").notNull(),
    primaryAccountHolder: integer("primary_account_holder").references((): AnyPgColumn => person.personId, {
      onDelete: "set null",
    }),
    riaPrimaryGoal: text("ria_primary_goal").references(() => enumItem.enumId),
    riaRiskScore: integer("ria_risk_score"),
    riaLossCapacityPercent: doublePrecision("ria_loss_capacity_percent"),
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

export const person = pgTable(
  "person",
  {
    personId: id("person_id"),
    accountId: integer("account_id")
      .notNull()
      .references(() => account.accountId, { onDelete: "cascade" }),
    accountPrimaryHolder: boolean("account_primary_holder").notNull().default(false),
    isAddon: boolean("is_addon").notNull().default(false),
    email: text("email"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    dob: text("dob"),
    ssnEncrypted: text("ssn_encrypted"),
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
    uniqueIndex("person_account_email_unique").on(t.accountId, sql`lower(${t.email})`),
    index("person_sumsub_applicant_idx").on(t.sumsubApplicantId),
  ],
);

export const strategy = pgTable(
  "strategy",
  {
    strategyId: id("strategy_id"),
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
    uniqueIndex("strategy_one_founder_per_account")
      .on(t.accountId)
      .where(sql`${t.strategyType} = 'strategy_type_founder'`),
  ],
);

export const organization = pgTable(
  "organization",
  {
    organizationId: id("organization_id"),
    strategyId: integer("strategy_id")
      .notNull()
      .references(() => strategy.strategyId, { onDelete: "cascade" }),
    name1: text("name_1").notNull(),
    name2: text("name_2").notNull(),
    registeredState: text("registered_state").references(() => enumItem.enumId),
    itgAsRegisteredAgent: boolean("itg_as_registered_agent").notNull().default(false),
    activityIsInvestment: boolean("activity_is_investment").notNull().default(false),
    donorAdvisedFund: text("donor_advised_fund"),
    custodian: text("custodian").references(() => enumItem.enumId),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("organization_strategy_unique").on(t.strategyId)],
);

export const organizationUser = pgTable(
  "organization_user",
  {
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organization.organizationId, { onDelete: "cascade" }),
    personId: integer("person_id")
      .notNull()
      .references(() => person.personId, { onDelete: "cascade" }),
    primaryHolder: boolean("primary_holder").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.personId] }),
    index("organization_user_person_idx").on(t.personId),
  ],
);

export const notification = pgTable(
  "notification",
  {
    notificationId: id("notification_id"),
    accountId: integer("account_id")
      .notNull()
      .references(() => account.accountId, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    createdAt: createdAt(),
    readAt: text("read_at"),
    personId: integer("person_id").references(() => person.personId, { onDelete: "cascade" }),
  },
  (t) => [
    index("notification_account_created_idx").on(t.accountId, t.createdAt),
    index("notification_person_idx").on(t.personId),
  ],
);

/** The append-only audit trail (db/schema.ts has the why); triggers in the migrations refuse UPDATE and DELETE. */
export const auditEvent = pgTable(
  "audit_event",
  {
    auditId: id("audit_id"),
    at: text("at").notNull(),
    accountId: integer("account_id"),
    actorType: text("actor_type", { enum: ["user", "staff", "identity_provider"] }).notNull(),
    actorId: text("actor_id").notNull(),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: integer("entity_id"),
    fields: text("fields").notNull(),
    route: text("route").notNull(),
    detail: text("detail"),
    sourceEventId: text("source_event_id"),
  },
  (t) => [
    index("audit_event_account_idx").on(t.accountId, t.auditId),
    uniqueIndex("audit_event_source_event_unique").on(t.sourceEventId),
  ],
);

/** Per-caller request counts every instance shares (db/schema.ts has the twin; the SQLite one stays empty). */
export const rateLimitHit = pgTable(
  "rate_limit_hit",
  {
    key: text("key").primaryKey(),
    hits: integer("hits").notNull(),
    resetAt: doublePrecision("reset_at").notNull(),
  },
  (t) => [index("rate_limit_hit_reset_idx").on(t.resetAt)],
);
