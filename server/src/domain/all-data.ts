// all_data (requirements §7): an account with everything under it, read as one consistent view.
import type { Executor } from "../../../db/engine";
import type { AllData } from "../contract/entities";
import { notFound } from "../errors";
import { getAccount, toAccountDto } from "../repositories/accounts";
import { getPerson, listPersons, toPersonDto } from "../repositories/persons";
import { listStrategies, toStrategyDto } from "../repositories/strategies";
import {
  listOrganizationUsersOfAccount,
  listOrganizationsOfAccount,
  toOrganizationDto,
  toOrganizationUserDto,
} from "../repositories/organizations";

async function read(db: Executor, accountId: number): Promise<AllData> {
  const row = await getAccount(db, accountId);
  if (!row) throw notFound("Account");
  const persons = await listPersons(db, accountId);
  // The primary holder is one of the account's persons: reuse that row rather than query it again.
  const holderId = row.primaryAccountHolder;
  const holder = holderId
    ? (persons.find((p) => p.personId === holderId) ?? (await getPerson(db, holderId)))
    : undefined;
  return {
    account: { ...toAccountDto(row), primary_account_holder: holder ? toPersonDto(holder) : null },
    persons: persons.map(toPersonDto),
    strategies: (await listStrategies(db, accountId)).map(toStrategyDto),
    organizations: (await listOrganizationsOfAccount(db, accountId)).map(toOrganizationDto),
    organization_users: (await listOrganizationUsersOfAccount(db, accountId)).map(toOrganizationUserDto),
  };
}

export function readAllData(db: Executor, accountId: number): Promise<AllData> {
  return db.readConsistently((view) => read(view, accountId));
}
