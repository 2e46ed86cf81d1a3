// Organizations (the LLC of a strategy; one per strategy) and their owner links.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client";
import { preparedPerDb } from "../../../db/prepared";
import { organization, organizationUser, person, strategy, type OrganizationRow, type OrganizationUserRow } from "../../../db/schema";
import type { Organization, OrganizationUser } from "../contract/entities";
import { timestampNow } from "../contract/rules";
import { conflict } from "../http-errors";

export interface OrganizationFields {
  name_1: string;
  name_2: string;
  registered_state: string | null;
  itg_as_registered_agent: boolean;
  activity_is_investment: boolean;
  donor_advised_fund?: string | null;
  custodian?: string | null;
}

const organizationById = preparedPerDb((db) =>
  db.select().from(organization).where(eq(organization.organizationId, sql.placeholder("organizationId"))).prepare(),
);
const accountOfOrganization = preparedPerDb((db) =>
  db
    .select({ accountId: strategy.accountId })
    .from(organization)
    .innerJoin(strategy, eq(strategy.strategyId, organization.strategyId))
    .where(eq(organization.organizationId, sql.placeholder("organizationId")))
    .prepare(),
);

export function getOrganization(db: Db, organizationId: number): OrganizationRow | undefined {
  return organizationById(db).get({ organizationId });
}

/** The account that owns an organization (through its strategy). */
export function organizationAccountId(db: Db, organizationId: number): number | undefined {
  return accountOfOrganization(db).get({ organizationId })?.accountId;
}

export function getOrganizationByStrategy(db: Db | Tx, strategyId: number): OrganizationRow | undefined {
  return db.select().from(organization).where(eq(organization.strategyId, strategyId)).get();
}

const organizationsOfAccount = preparedPerDb((db) =>
  db
    .select({ o: organization })
    .from(organization)
    .innerJoin(strategy, eq(strategy.strategyId, organization.strategyId))
    .where(eq(strategy.accountId, sql.placeholder("accountId")))
    .orderBy(organization.organizationId)
    .prepare(),
);

export function listOrganizationsOfAccount(db: Db, accountId: number): OrganizationRow[] {
  return organizationsOfAccount(db)
    .all({ accountId })
    .map((r) => r.o);
}

function toColumns(f: OrganizationFields) {
  return {
    name1: f.name_1,
    name2: f.name_2,
    registeredState: f.registered_state,
    itgAsRegisteredAgent: f.itg_as_registered_agent,
    activityIsInvestment: f.activity_is_investment,
    donorAdvisedFund: f.donor_advised_fund,
    custodian: f.custodian,
  };
}

export function createOrganization(db: Db, strategyId: number, f: OrganizationFields): OrganizationRow {
  return db.transaction((tx) => {
    if (tx.select({ id: organization.organizationId }).from(organization).where(eq(organization.strategyId, strategyId)).get()) {
      throw conflict("This strategy already has an organization", "strategy_id");
    }
    const now = timestampNow();
    return tx
      .insert(organization)
      .values({ ...toColumns(f), strategyId, createdAt: now, updatedAt: now })
      .returning()
      .get();
  });
}

export function updateOrganization(db: Db, organizationId: number, f: OrganizationFields): OrganizationRow {
  return db
    .update(organization)
    .set({ ...toColumns(f), updatedAt: timestampNow() })
    .where(eq(organization.organizationId, organizationId))
    .returning()
    .get();
}

const organizationUsersOfAccount = preparedPerDb((db) =>
  db
    .select()
    .from(organizationUser)
    .where(inArray(organizationUser.personId, db.select({ id: person.personId }).from(person).where(eq(person.accountId, sql.placeholder("accountId")))))
    .orderBy(organizationUser.organizationId, organizationUser.personId)
    .prepare(),
);

export function listOrganizationUsersOfAccount(db: Db, accountId: number): OrganizationUserRow[] {
  return organizationUsersOfAccount(db).all({ accountId });
}

export function getOrganizationUser(db: Db, organizationId: number, personId: number): OrganizationUserRow | undefined {
  return db
    .select()
    .from(organizationUser)
    .where(and(eq(organizationUser.organizationId, organizationId), eq(organizationUser.personId, personId)))
    .get();
}

export function toOrganizationDto(r: OrganizationRow): Organization {
  return {
    organization_id: r.organizationId,
    strategy_id: r.strategyId,
    name_1: r.name1,
    name_2: r.name2,
    registered_state: r.registeredState as Organization["registered_state"],
    itg_as_registered_agent: r.itgAsRegisteredAgent,
    activity_is_investment: r.activityIsInvestment,
    donor_advised_fund: r.donorAdvisedFund,
    custodian: r.custodian,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  };
}

export function toOrganizationUserDto(r: OrganizationUserRow): OrganizationUser {
  return { organization_id: r.organizationId, person_id: r.personId, primary_holder: r.primaryHolder };
}

/** Links a person to an organization; with `notify`, writes the notification in the same transaction. */
export function addOrganizationUser(
  db: Db,
  link: OrganizationUser,
  notify?: (tx: Tx) => void,
): OrganizationUserRow {
  return db.transaction((tx) => {
    if (getOrganizationUser(db, link.organization_id, link.person_id)) throw conflict("This person is already linked to the organization", "person_id");
    const row = tx
      .insert(organizationUser)
      .values({ organizationId: link.organization_id, personId: link.person_id, primaryHolder: link.primary_holder, createdAt: timestampNow() })
      .returning()
      .get();
    notify?.(tx);
    return row;
  });
}

export function removeOrganizationUser(db: Db, organizationId: number, personId: number): boolean {
  return (
    db
      .delete(organizationUser)
      .where(and(eq(organizationUser.organizationId, organizationId), eq(organizationUser.personId, personId)))
      .run().changes > 0
  );
}
