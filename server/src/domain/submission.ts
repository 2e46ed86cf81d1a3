// Submission of a Founder Foundation entry is the server's decision (docs/architecture.md, The record's
// rules): a complete entry only, stamped once, and what it filed fixed after (409 fixed_after_submission).
import type { Executor } from "../../../db/engine";
import type { OrganizationRow, StrategyRow } from "../../../db/schema";
import { missingForSubmission as missingOfEntry } from "../contract/submission";
import { recordRule } from "../errors";
import { getAccount } from "../repositories/accounts";
import { getPerson, toPersonDto } from "../repositories/persons";
import { getOrganizationByStrategy, toOrganizationDto, type OrganizationFields } from "../repositories/organizations";

/** What the entry still lacks (contract/submission.ts, the web's rule too), as the 409 names it. */
async function missingForSubmission(db: Executor, s: StrategyRow): Promise<string[]> {
  const org = await getOrganizationByStrategy(db, s.strategyId);
  const holderId = (await getAccount(db, s.accountId))?.primaryAccountHolder;
  const holder = holderId ? await getPerson(db, holderId) : undefined;
  return missingOfEntry(org && toOrganizationDto(org), holder && toPersonDto(holder)).map((m) => m.key);
}

/** Refuses a second submission (or an un-submit); the stamp stays the server's first one. */
export function assertNotSubmitted(s: StrategyRow): void {
  if (s.entryCompletedAt) {
    throw recordRule(
      "already_submitted",
      "This foundation was already submitted; its submission time cannot be changed or withdrawn",
    );
  }
}

export async function assertComplete(db: Executor, s: StrategyRow): Promise<void> {
  const missing = await missingForSubmission(db, s);
  if (missing.length)
    throw recordRule("incomplete_entry", `The entry is not complete: ${missing.join(", ")}`, { missing });
}

/** What was filed with the foundation (requirements §2 Edit Foundation); the stored value may be sent back. */
const FIXED_AFTER_SUBMISSION = {
  name_1: (o: OrganizationRow) => o.name1,
  name_2: (o: OrganizationRow) => o.name2,
  registered_state: (o: OrganizationRow) => o.registeredState,
  activity_is_investment: (o: OrganizationRow) => o.activityIsInvestment,
} as const satisfies Partial<Record<keyof OrganizationFields, (o: OrganizationRow) => unknown>>;

export function assertFiledFieldsUnchanged(stored: OrganizationRow, put: OrganizationFields): void {
  for (const [field, storedValue] of Object.entries(FIXED_AFTER_SUBMISSION) as [
    keyof typeof FIXED_AFTER_SUBMISSION,
    (o: OrganizationRow) => unknown,
  ][]) {
    if (put[field] !== storedValue(stored)) {
      throw recordRule("fixed_after_submission", `${field} cannot be changed after the foundation is submitted`, {
        field,
      });
    }
  }
}
