// The frame every step shares: its heading (and optional subtitle), the content, then Back and
// the primary action, which reads 'Saving...' and is disabled while a save runs.
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";

export interface StepLayoutProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
  onBack(): void;
  /** The primary action ('Next', 'Approve'); submitted as the step's form. */
  nextLabel?: string;
  nextDisabled?: boolean;
  saving?: boolean;
  onNext(): void;
}

export function StepLayout({ title, subtitle, children, onBack, nextLabel = "Next", nextDisabled, saving, onNext }: StepLayoutProps) {
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!nextDisabled && !saving) onNext();
      }}
      className="flex flex-col gap-5 rounded-lg bg-paper p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-col gap-1">
        <h2 className="text-xl font-normal">{title}</h2>
        {subtitle ? <p className="text-secondary">{subtitle}</p> : null}
      </div>
      {children}
      <div className="flex flex-wrap justify-between gap-2 border-t border-divider pt-4">
        <Button variant="outlined" onClick={onBack} disabled={saving}>
          Back
        </Button>
        <Button type="submit" disabled={nextDisabled || saving}>
          {saving ? "Saving..." : nextLabel}
        </Button>
      </div>
    </form>
  );
}
