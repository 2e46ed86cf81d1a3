// The frame every step shares: its heading (and optional subtitle), the content, then Back and
// the primary action, which reads 'Saving...' and is disabled while a save runs.
import { createContext, useContext, type ReactNode } from "react";
import { useLocation } from "wouter";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { confirmLeaving } from "@/hooks/use-unsaved-changes-guard";

/** A submitted strategy: every step is read-only and its primary action only moves on (no second Approve). */
export interface SubmittedStep {
  submittedOn: string;
  /** null on the last step. */
  nextHref: string | null;
}

export const SubmittedStepContext = createContext<SubmittedStep | null>(null);

export interface StepLayoutProps {
  title: string;
  subtitle?: string;
  /** A one-line progress note under the heading ('Identity: verified ✓'). */
  progress?: string;
  /** After submission, what this step still needs of the founder (a new identity check). */
  stillOpen?: string;
  children: ReactNode;
  onBack(): void;
  /** The primary action ('Next', 'Approve'); submitted as the step's form. */
  nextLabel?: string;
  nextDisabled?: boolean;
  saving?: boolean;
  onNext(): void;
}

export function StepLayout({
  title,
  subtitle,
  progress,
  stillOpen,
  children,
  onBack,
  nextLabel = "Next",
  nextDisabled,
  saving,
  onNext,
}: StepLayoutProps) {
  const submitted = useContext(SubmittedStepContext);
  const [, navigate] = useLocation();
  const onward = submitted ? (submitted.nextHref ?? paths.dashboard.getHref()) : null;
  const primaryDisabled = onward ? false : nextDisabled || saving;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (onward) navigate(onward);
        else if (!nextDisabled && !saving) onNext();
      }}
      className="flex flex-col gap-5 rounded-lg bg-paper p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-col gap-1">
        <h2 className="text-xl font-normal">{title}</h2>
        {subtitle ? <p className="text-secondary">{subtitle}</p> : null}
        {progress ? <p className="text-sm font-medium">{progress}</p> : null}
      </div>
      {submitted ? (
        <p role="note" className="rounded border border-divider bg-background px-3 py-2 text-sm">
          Submitted on {submitted.submittedOn}.{" "}
          {stillOpen ??
            "These details can no longer be changed here; the edit screens in the menu change what can still change."}
        </p>
      ) : null}
      {submitted && !stillOpen ? (
        <fieldset disabled className="contents">
          {children}
        </fieldset>
      ) : (
        children
      )}
      <div className="flex flex-wrap justify-between gap-2 border-t border-divider pt-4">
        <Button variant="outlined" onClick={() => confirmLeaving() && onBack()} disabled={saving}>
          Back
        </Button>
        <Button type="submit" disabled={primaryDisabled}>
          {saving ? "Saving..." : submitted ? (submitted.nextHref ? "Next" : "Go to dashboard") : nextLabel}
        </Button>
      </div>
    </form>
  );
}
