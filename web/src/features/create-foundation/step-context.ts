// What every step receives from the step screen: the founder's data it resumes from (the
// organization is this strategy's), the strategy and the signed-in user's email.
import type { FounderData } from "@/api";

export interface StepData extends FounderData {
  strategyId: number;
  /** The signed-in user's email (the identity check's user_id). */
  email: string;
}
