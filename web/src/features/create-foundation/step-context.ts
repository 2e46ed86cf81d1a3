// What every step receives from the step screen: the loaded data it resumes from.
import type { AllData, EnumItem, Organization, Person } from "@contract/entities";

export interface StepData {
  strategyId: number;
  accountId: number;
  allData: AllData;
  /** The strategy's organization; null before step 1 is saved. */
  organization: Organization | null;
  /** The primary holder; null before step 2 is saved. */
  person: Person | null;
  /** Every person of the account. */
  persons: Person[];
  enums: EnumItem[];
  /** The signed-in user's email (the identity check's user_id). */
  email: string;
}
