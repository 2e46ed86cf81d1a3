// Organizations (the LLC of a strategy; one per strategy) and their owner links.
import { and, eq, inArray, sql } from "drizzle-orm";
import { prepared, type Executor } from "../../../db/engine";
import type { OrganizationRow, OrganizationUserRow } from "../../../db/schema";
import type { z } from "zod";
import type { Organization, OrganizationUser, organizationPut, organizationWritable } from "../contract/entities";
import { timestampNow } from "../contract/rules";
import { conflict, notFound } from "../errors";

/** An organization's writable fields (the contract's): the DAF pair only where PUT sends it. */
export type OrganizationFields = z.infer<typeof organizationWritable> &
  Partial<Pick<z.infer<typeof organizationPut>, "donor_advised_fund" | "custodian">>;

const organizationById = prepared((q, { organization }) =>
  q
    .select()
    .from(organization)
    .where(eq(organization.organizationId, sql.placeholder("organizationId"))),
);
const accountOfOrganization = prepared((q, { organization, strategy }) =>
  q
    .select({ accountId: strategy.accountId })
    .from(organization)
    .innerJoin(strategy, eq(strategy.strategyId, organization.strategyId))
    .where(eq(organization.organizationId, sql.placeholder("organizationId"))),
);

export function getOrganization(db: Executor, organizationId: number): Promise<OrganizationRow | undefined> {
  return organizationById.get(db, { organizationId });
}

/** The account that owns an organization (through its strategy). */
export async function organizationAccountId(db: Executor, organizationId: number): Promise<number | undefined> {
  return (await accountOfOrganization.get(db, { organizationId }))?.accountId;
}

export function getOrganizationByStrategy(db: Executor, strategyId: number): Promise<OrganizationRow | undefined> {
  const { organization } = db.t;
  return db.get(db.q.select().from(organization).where(eq(organization.strategyId, strategyId)));
}

const organizationsOfAccount = prepared((q, { organization, strategy }) =>
  q
    .select({ o: organization })
    .from(organization)
    .innerJoin(strategy, eq(strategy.strategyId, organization.strategyId))
    .where(eq(strategy.accountId, sql.placeholder("accountId")))
    .orderBy(organization.organizationId),
);

export async function listOrganizationsOfAccount(db: Executor, accountId: number): Promise<OrganizationRow[]> {
  return (await organizationsOfAccount.all(db, { accountId })).map((r) => r.o);
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

/** One organization per strategy: a second one is a 409 naming strategy_id. */
export function createOrganization(db: Executor, strategyId: number, f: OrganizationFields): Promise<OrganizationRow> {
  return db.transaction(async (tx) => {
    const { organization } = tx.t;
    if (
      await tx.get(
        tx.q
          .select({ id: organization.organizationId })
          .from(organization)
          .where(eq(organization.strategyId, strategyId)),
      )
    ) {
      throw conflict("This strategy already has an organization", "strategy_id");
    }
    const now = timestampNow();
    return (await tx.get(
      tx.q
        .insert(organization)
        .values({ ...toColumns(f), strategyId, createdAt: now, updatedAt: now })
        .returning(),
    ))!;
  });
}

export async function updateOrganization(
  db: Executor,
  organizationId: number,
  f: OrganizationFields,
): Promise<OrganizationRow> {
  const { organization } = db.t;
  const row = await db.get(
    db.q
      .update(organization)
      .set({ ...toColumns(f), updatedAt: timestampNow() })
      .where(eq(organization.organizationId, organizationId))
      .returning(),
  );
  if (!row) throw notFound("Organization");
  return row;
}

const organizationUsersOfAccount = prepared((q, { organizationUser, person }) =>
  q
    .select()
    .from(organizationUser)
    .where(
      inArray(
        organizationUser.personId,
        q
          .select({ id: person.personId })
          .from(person)
          .where(eq(person.accountId, sql.placeholder("accountId"))),
      ),
    )
    .orderBy(organizationUser.organizationId, organizationUser.personId),
);

export function listOrganizationUsersOfAccount(db: Executor, accountId: number): Promise<OrganizationUserRow[]> {
  return organizationUsersOfAccount.all(db, { accountId });
}

function getOrganizationUser(
  db: Executor,
  organizationId: number,
  personId: number,
): Promise<OrganizationUserRow | undefined> {
  const { organizationUser } = db.t;
  return db.get(
    db.q
      .select()
      .from(organizationUser)
      .where(and(eq(organizationUser.organizationId, organizationId), eq(organizationUser.personId, personId))),
  );
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
  db: Executor,
  link: OrganizationUser,
  notify?: (tx: Executor) => Promise<void>,
): Promise<OrganizationUserRow> {
  return db.transaction(async (tx) => {
    const { organizationUser } = tx.t;
    if (await getOrganizationUser(tx, link.organization_id, link.person_id))
      throw conflict("This person is already linked to the organization", "person_id");
    const row = await tx.get(
      tx.q
        .insert(organizationUser)
        .values({
          organizationId: link.organization_id,
          personId: link.person_id,
          primaryHolder: link.primary_holder,
          createdAt: timestampNow(),
        })
        .returning(),
    );
    await notify?.(tx);
    return row!;
  });
}

export async function removeOrganizationUser(db: Executor, organizationId: number, personId: number): Promise<boolean> {
  const { organizationUser } = db.t;
  return (
    (await db.run(
      db.q
        .delete(organizationUser)
        .where(and(eq(organizationUser.organizationId, organizationId), eq(organizationUser.personId, personId))),
    )) > 0
  );
}
