// Where a feature shows the founder's identity check (step 3 of the creation flow, 'Update license'
// on /edit-profile). The check is a feature of its own (features/identity), and a feature never
// imports another (docs/architecture.md, Walls): the app plugs it in here, as it plugs the
// notifications bell into the shell.
import { createContext, useContext, type ComponentType } from "react";
import type { Person } from "@contract/entities";

export interface IdentityCheckSlotProps {
  /** The signed-in user's email (the check's user id). */
  email: string;
  /** The primary holder whose identity is checked. */
  person: Person;
  /** Whether the provider is reviewing what was submitted (the screen's status line follows it). */
  onReviewing?(reviewing: boolean): void;
}

const IdentityCheckContext = createContext<ComponentType<IdentityCheckSlotProps> | null>(null);

/** Set by web/src/app to features/identity's check. */
export const IdentityCheckProvider = IdentityCheckContext.Provider;

export function IdentityCheckSlot(props: IdentityCheckSlotProps) {
  const Check = useContext(IdentityCheckContext);
  if (!Check) throw new Error("No identity check is plugged in (web/src/app provides it)");
  return <Check {...props} />;
}
