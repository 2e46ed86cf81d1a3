// The onboarding stepper (requirements §2): five steps, the current one marked with aria-current="step".
export const STEPS = ["Foundation", "Profile", "Others", "DAF", "Review"] as const;
export type StepNumber = 1 | 2 | 3 | 4 | 5;

export function isStepNumber(n: number): n is StepNumber {
  return Number.isInteger(n) && n >= 1 && n <= STEPS.length;
}

export function Stepper({ current }: { current: StepNumber }) {
  return (
    <nav aria-label="Creation steps">
      <ol className="flex items-start justify-between gap-1">
        {STEPS.map((label, i) => {
          const n = i + 1;
          const state = n < current ? "done" : n === current ? "current" : "todo";
          return (
            <li key={label} aria-current={state === "current" ? "step" : undefined} className="flex min-w-0 flex-1 flex-col items-center gap-1 text-center">
              <span
                aria-hidden="true"
                className={`flex h-7 w-7 items-center justify-center rounded-full text-sm font-medium ${
                  state === "todo" ? "bg-disabled-bg text-secondary" : "bg-primary text-on-primary"
                }`}
              >
                {state === "done" ? "✓" : n}
              </span>
              <span className={`max-w-full truncate text-xs sm:text-sm ${state === "current" ? "font-medium text-primary-text" : "text-secondary"}`}>
                {label}
                {state === "done" ? <span className="sr-only"> (completed)</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
