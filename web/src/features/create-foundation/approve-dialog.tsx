// Approve on step 5 asks first (docs/decisions/0096): a $10,000 legal filing is not one click.
// The dialog says what will be filed (the foundation's names), who will be e-mailed (the
// additional owners), the fees of the strategy card with when and how each is charged (the terms in
// full), and asks the founder to attest, naming what (docs/decisions/0146), before Submit. Escape or
// Cancel returns to the review; Headless UI gives focus back to Approve.
import { Dialog, DialogPanel, DialogTitle, Description } from "@headlessui/react";
import { useId, useState } from "react";
import { ATTESTATION } from "@contract/rules";
import { Button } from "@/components/ui/button";
import { FeeTerms } from "./strategy-terms";

/** What ticking the box attests, beyond its label (the label stays the contract's ATTESTATION). */
const ATTESTED = [
  "The foundation's names, your profile and your DAF choice, as shown on the review, are true and complete.",
  "You are the person whose identity was checked, and you may form this LLC for yourself and the owners listed.",
  "You agree to the fees above, charged as described.",
] as const;

export interface ApproveDialogProps {
  open: boolean;
  names: { first: string; alternate: string };
  /** The additional owners' emails: each gets a verification mail on Submit. */
  ownerEmails: readonly string[];
  /** True while the submission runs (Submit reads 'Submitting...'; the dialog cannot close). */
  submitting: boolean;
  onSubmit(): void;
  onClose(): void;
}

export function ApproveDialog({ open, names, ownerEmails, submitting, onSubmit, onClose }: ApproveDialogProps) {
  const [attested, setAttested] = useState(false);
  const attestId = useId();
  const attestedListId = useId();
  const close = () => {
    if (submitting) return;
    setAttested(false);
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-2 sm:p-4">
        <DialogPanel className="flex max-h-[95vh] w-full max-w-lg flex-col gap-4 overflow-y-auto rounded-lg bg-paper p-4 text-primary-text shadow-xl sm:p-6">
          <DialogTitle as="h2" className="text-lg font-medium">
            Submit your foundation?
          </DialogTitle>
          <Description className="text-sm text-secondary">
            Submitting files your foundation for formation. It cannot be undone here.
          </Description>
          <section className="flex flex-col gap-1">
            <h3 className="text-sm font-medium">What will be filed</h3>
            <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-secondary">First choice</dt>
              <dd className="min-w-0 wrap-anywhere">{names.first}</dd>
              <dt className="text-secondary">Alternate name</dt>
              <dd className="min-w-0 wrap-anywhere">{names.alternate}</dd>
            </dl>
          </section>
          <section className="flex flex-col gap-1">
            <h3 className="text-sm font-medium">Who will be e-mailed</h3>
            {ownerEmails.length === 0 ? (
              <p className="text-sm text-secondary">No one: you have added no additional owners.</p>
            ) : (
              <>
                <p className="text-sm text-secondary">Each additional owner gets a link to verify their identity:</p>
                <ul aria-label="Owners who will be e-mailed" className="list-disc pl-5 text-sm">
                  {ownerEmails.map((e) => (
                    <li key={e} className="min-w-0 wrap-anywhere">
                      {e}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </section>
          <section className="flex flex-col gap-1">
            <h3 className="text-sm font-medium">Fees</h3>
            <p className="text-sm text-secondary">Nothing is charged when you submit.</p>
            {/* These are the terms in full: no link to a page that would only repeat them (docs/decisions/0146). */}
            <FeeTerms className="gap-x-4 gap-y-1 text-sm" />
          </section>
          <div className="flex flex-col gap-2 rounded border border-divider bg-background p-3">
            <div className="flex items-start gap-2">
              <input
                id={attestId}
                type="checkbox"
                checked={attested}
                disabled={submitting}
                aria-describedby={attestedListId}
                onChange={(e) => setAttested(e.target.checked)}
                className="mt-1 h-4 w-4 shrink-0 accent-primary"
              />
              <label htmlFor={attestId} className="text-base">
                {ATTESTATION}
              </label>
            </div>
            <div id={attestedListId} className="pl-6 text-sm">
              <p>By ticking this box you attest that:</p>
              <ul className="list-disc pl-5">
                {ATTESTED.map((a) => (
                  <li key={a}>{a}</li>
                ))}
              </ul>
            </div>
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            {/* Opens on Cancel, the safe choice: Enter alone never files anything. */}
            <Button variant="text" onClick={close} disabled={submitting} autoFocus>
              Cancel
            </Button>
            <Button onClick={onSubmit} disabled={!attested || submitting}>
              {submitting ? "Submitting..." : "Submit"}
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
