// The onboarding stepper (requirements §2): five steps, the current one marked with
// aria-current="step". A completed step is a link to it (docs/decisions/0096); each step's status
// comes from the one creation state (web/src/lib/onboarding-progress.ts), so the stepper reads the
// same on every step and tells the dashboard's story: after submission every step reads as done,
// except one that needs the founder again (a new identity check), which says so.
import { Link } from "wouter";
import { paths } from "@/config/paths";
import type { StepStatus } from "@/lib/onboarding-progress";

export const STEPS = ["Foundation", "Profile", "Others", "DAF", "Review"] as const;
export type StepNumber = 1 | 2 | 3 | 4 | 5;

export function isStepNumber(n: number): n is StepNumber {
  return Number.isInteger(n) && n >= 1 && n <= STEPS.length;
}

export interface StepperProps {
  current: StepNumber;
  /** Steps 1 to 5 (creationState().steps). */
  statuses: readonly StepStatus[];
  /** Steps done or needing attention link to /create-foundation/{strategyId}/{n}. */
  strategyId: number;
}

const BADGE: Record<StepStatus, (n: number) => string> = {
  done: () => "✓",
  attention: () => "!",
  todo: (n) => String(n),
};
const SR_NOTE: Partial<Record<StepStatus, string>> = { done: " (completed)", attention: " (needs your action)" };

export function Stepper({ current, statuses, strategyId }: StepperProps) {
  return (
    <nav aria-label="Creation steps">
      <ol className="flex items-start justify-between gap-1">
        {STEPS.map((label, i) => {
          const n = i + 1;
          const status = statuses[i] ?? "todo";
          const done = status !== "todo";
          const isCurrent = n === current;
          const content = (
            <>
              <span
                aria-hidden="true"
                className={`flex h-7 w-7 items-center justify-center rounded-full text-sm font-medium ${
                  status === "attention"
                    ? "bg-badge text-white"
                    : done || isCurrent
                      ? "bg-primary text-on-primary"
                      : "bg-disabled-bg text-secondary"
                }`}
              >
                {BADGE[status](n)}
              </span>
              <span
                className={`max-w-full truncate text-xs sm:text-sm ${isCurrent ? "font-medium text-primary-text" : done ? "text-primary-strong underline" : "text-secondary"}`}
              >
                {label}
                {SR_NOTE[status] ? <span className="sr-only">{SR_NOTE[status]}</span> : null}
              </span>
            </>
          );
          return (
            <li
              key={label}
              aria-current={isCurrent ? "step" : undefined}
              className="flex min-w-0 flex-1 flex-col items-center text-center"
            >
              {done && !isCurrent ? (
                <Link
                  href={paths.createFoundationStep.getHref(strategyId, n)}
                  className="flex max-w-full flex-col items-center gap-1 rounded focus-visible:outline-2 focus-visible:outline-primary"
                >
                  {content}
                </Link>
              ) : (
                <span className="flex max-w-full flex-col items-center gap-1">{content}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
