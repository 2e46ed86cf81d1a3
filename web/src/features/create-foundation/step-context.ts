// What every step receives from the step screen: the founder's data it resumes from (the
// organization is this strategy's), the strategy, the signed-in user's email and the creation state.
import type { FounderData } from "@/api";
import type { CreationState } from "@/lib/onboarding-progress";

export interface StepData extends FounderData {
  strategyId: number;
  /** The signed-in user's email (the identity check's user_id). */
  email: string;
  /** The strategy's one derived state (what is done, missing, or to be done again). */
  state: CreationState;
}
