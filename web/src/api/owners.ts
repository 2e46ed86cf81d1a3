// Adding an additional owner, the one sequence both the creation flow (step 3) and /edit-others
// use: create the person (an add-on with only an email), then link them to the organization.
import { createPerson } from "./persons";
import { linkOrganizationUser } from "./organization-users";

/** The owner was created (personId) but linking them to the organization failed (cause). */
export class OwnerNotLinkedError extends Error {
  constructor(
    readonly personId: number,
    cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : "Failed to add owner to organization", { cause });
    this.name = "OwnerNotLinkedError";
  }
}

/**
 * Creates the owner and links them; resolves to the new person id. A failed create rejects with
 * the API's error; a failed link with OwnerNotLinkedError (the person exists by then).
 */
export async function addOwner({
  accountId,
  organizationId,
  email,
}: {
  accountId: number;
  organizationId: number;
  email: string;
}): Promise<number> {
  const personId = await createPerson({ account_id: accountId, account_primary_holder: false, is_addon: true, email });
  try {
    await linkOrganizationUser({ organization_id: organizationId, person_id: personId, primary_holder: false });
  } catch (cause) {
    throw new OwnerNotLinkedError(personId, cause);
  }
  return personId;
}
