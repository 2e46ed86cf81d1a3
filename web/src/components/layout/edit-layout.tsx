// The frame of every edit screen (/edit-profile, /edit-daf, /edit-foundation, /edit-others, /ria):
// a heading, a card with the form, and — unless the screen has its own — Cancel (back to /) and
// Done, which reads 'Saving...' and is disabled while a save runs. Data that is still loading
// or failed to load is shown in place of the form.
import type { ReactNode } from "react";
import { useLocation } from "wouter";
import { Button } from "@/components/ui/button";
import { LoadingScreen } from "@/components/ui/loading-overlay";
import { paths } from "@/config/paths";
import { confirmLeaving } from "@/hooks/use-unsaved-changes-guard";

export function EditScreen({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-normal">{title}</h1>
        {subtitle ? <p className="text-secondary">{subtitle}</p> : null}
      </div>
      {children}
    </section>
  );
}

export const cardClass = "flex flex-col gap-5 rounded-lg bg-paper p-4 shadow-sm sm:p-6";

export interface EditFormProps {
  children: ReactNode;
  saving: boolean;
  doneDisabled?: boolean;
  onDone(): void;
  /** Where Cancel goes (default /). */
  cancelTo?: string;
  label?: string;
}

export function EditForm({
  children,
  saving,
  doneDisabled,
  onDone,
  cancelTo = paths.dashboard.getHref(),
  label,
}: EditFormProps) {
  const [, navigate] = useLocation();
  return (
    <form
      noValidate
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        if (!saving) onDone();
      }}
      className={cardClass}
    >
      {children}
      {/* The same placement as the creation steps: the way back on the left, the action on the right. */}
      <div className="flex flex-wrap justify-between gap-2 border-t border-divider pt-4">
        <Button variant="outlined" onClick={() => confirmLeaving() && navigate(cancelTo)} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={doneDisabled || saving}>
          {saving ? "Saving..." : "Done"}
        </Button>
      </div>
    </form>
  );
}

/** Loading and load-failure states shared by the edit screens. */
export function DataGate({
  loading,
  error,
  onRetry,
  children,
}: {
  loading: boolean;
  error: Error | null;
  onRetry(): void;
  children: ReactNode;
}) {
  if (error) {
    return (
      <div role="alert" className={cardClass}>
        <p className="text-error">Error: {error.message}</p>
        <Button variant="outlined" className="self-start" onClick={onRetry}>
          Retry
        </Button>
      </div>
    );
  }
  if (loading) return <LoadingScreen label="Loading..." />;
  return <>{children}</>;
}
