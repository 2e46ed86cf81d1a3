// The onboarding stepper (requirements §2): five steps, the current one marked with
// aria-current="step". A completed step is a link to it (docs/decisions/0096); which steps are
// complete comes from the saved data (the dashboard's onboarding progress), so the stepper reads
// the same on every step, and after submission every step reads as done.
import { Link } from "wouter";
import { paths } from "@/config/paths";

export const STEPS = ["Foundation", "Profile", "Others", "DAF", "Review"] as const;
export type StepNumber = 1 | 2 | 3 | 4 | 5;

export function isStepNumber(n: number): n is StepNumber {
  return Number.isInteger(n) && n >= 1 && n <= STEPS.length;
}

export interface StepperProps {
  current: StepNumber;
  /** Steps 1 to `completed` are done (0: none; 5 once submitted). */
  completed: number;
  /** Completed steps link to /create-foundation/{strategyId}/{n}. */
  strategyId: number;
}

export function Stepper({ current, completed, strategyId }: StepperProps) {
  return (
    <nav aria-label="Creation steps">
      <ol className="flex items-start justify-between gap-1">
        {STEPS.map((label, i) => {
          const n = i + 1;
          const done = n <= completed;
          const isCurrent = n === current;
          const content = (
            <>
              <span
                aria-hidden="true"
                className={`flex h-7 w-7 items-center justify-center rounded-full text-sm font-medium ${
                  done || isCurrent ? "bg-primary text-on-primary" : "bg-disabled-bg text-secondary"
                }`}
              >
                {done ? "✓" : n}
              </span>
              <span
                className={`max-w-full truncate text-xs sm:text-sm ${isCurrent ? "font-medium text-primary-text" : done ? "text-primary-strong underline" : "text-secondary"}`}
              >
                {label}
                {done ? <span className="sr-only"> (completed)</span> : null}
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
