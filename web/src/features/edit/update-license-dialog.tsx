// 'Update license' on /edit-profile: a new identity check with a new document (the same widget and
// server confirmation as step 3 of the creation flow). A verified founder is told first what that
// means (the verification is cleared until the new check completes) and starts it or cancels; an
// unverified founder goes to the check directly, a finished one (rejected, or cleared by a name
// change) started again so the widget asks for a document (docs/decisions/0092).
import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { Person } from "@contract/entities";
import { Button } from "@/components/ui/button";
import { CloseIcon } from "@/components/ui/icons";
import { LoadingScreen } from "@/components/ui/loading-overlay";
import { IdentityCheckSlot } from "@/components/identity-check-slot";
import { refetchAll, startNewIdentityCheck } from "@/api";

const UPDATE_LICENSE_TEXT = {
  explain:
    "Updating your license starts a new identity check: you capture your new document and a selfie again. Your identity verification is cleared when the new check starts and stays cleared until it is complete.",
  start: "Start new check",
  starting: "Starting...",
  failed: "We could not start a new check. Try again in a moment.",
  check: "Confirm your identity with your new document.",
} as const;

type Phase = "explain" | "starting" | "check" | "failed";

const isVerified = (p: Person) => p.sumsub_review_answer === "GREEN" && Boolean(p.sumsub_completed_at);

/** Mounted while open: what it shows is decided on the person as it was when it opened. */
export function UpdateLicenseDialog({ onClose, email, person }: { onClose(): void; email: string; person: Person }) {
  // An unverified founder with a check on record: a finished one starts again (the server leaves
  // one under way alone), so the widget opens on the capture, not on an old verdict.
  const [phase, setPhase] = useState<Phase>(() =>
    isVerified(person) ? "explain" : person.sumsub_applicant_id ? "starting" : "check",
  );
  const queryClient = useQueryClient();

  async function start() {
    setPhase("starting");
    try {
      await startNewIdentityCheck();
      await refetchAll(queryClient);
      setPhase("check");
    } catch (err) {
      console.error("Failed to start a new identity check", err instanceof Error ? err.message : err);
      setPhase("failed");
    }
  }

  useEffect(() => {
    if (phase === "starting") void start();
    // Once, on opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <Dialog open onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-2 sm:p-4">
        <DialogPanel className="flex max-h-[95vh] w-full max-w-2xl flex-col gap-3 overflow-y-auto rounded-lg bg-paper p-4 text-primary-text shadow-xl sm:p-6">
          <div className="flex items-center justify-between gap-2">
            <DialogTitle as="h2" className="text-lg font-medium">
              Update license
            </DialogTitle>
            {/* The dialog opens on its first control (the frame below loads later). */}
            <button
              type="button"
              aria-label="Close"
              autoFocus={phase !== "explain"}
              onClick={onClose}
              className="rounded-full p-1.5 text-icon hover:bg-hover focus-visible:outline-2 focus-visible:outline-primary"
            >
              <CloseIcon />
            </button>
          </div>
          {phase === "explain" || phase === "failed" ? (
            <>
              <p>{UPDATE_LICENSE_TEXT.explain}</p>
              {phase === "failed" ? (
                <p role="alert" className="text-error">
                  {UPDATE_LICENSE_TEXT.failed}
                </p>
              ) : null}
              <div className="flex flex-wrap justify-end gap-2">
                <Button variant="outlined" onClick={onClose} autoFocus>
                  Cancel
                </Button>
                <Button onClick={() => void start()}>{UPDATE_LICENSE_TEXT.start}</Button>
              </div>
            </>
          ) : phase === "starting" ? (
            <LoadingScreen label={UPDATE_LICENSE_TEXT.starting} />
          ) : (
            <>
              <p className="text-sm text-secondary">{UPDATE_LICENSE_TEXT.check}</p>
              <IdentityCheckSlot email={email} person={person} />
            </>
          )}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
