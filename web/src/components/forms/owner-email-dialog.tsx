// The add-owner / edit-owner-email dialog (step 3 and /edit-others): the contract's ownerEmailSchema,
// not another owner's address nor the founder's own.
import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { useEffect, useMemo, useState } from "react";
import { ownerEmailSchema } from "@contract/forms";
import { Button } from "@/components/ui/button";
import { BoundTextField } from "./form-controls";

export interface OwnerEmailDialogProps {
  open: boolean;
  title: string;
  submitLabel: string;
  initialEmail?: string;
  /** Emails of the other owners (the one being edited excluded). */
  existingEmails: readonly string[];
  /** The signed-in founder's own address: the founder is an owner already, not an additional one. */
  founderEmail?: string;
  onSubmit(email: string): Promise<boolean>;
  onClose(): void;
}

const OWN_ADDRESS_MESSAGE = "This is your own address; enter the other owner's address";

function ownerEmailError(email: string, existing: readonly string[], founderEmail?: string): string | undefined {
  const r = ownerEmailSchema(existing).safeParse(email);
  if (!r.success) return r.error.issues[0]?.message;
  if (founderEmail && email.trim().toLowerCase() === founderEmail.trim().toLowerCase()) return OWN_ADDRESS_MESSAGE;
  return undefined;
}

export function OwnerEmailDialog({
  open,
  title,
  submitLabel,
  initialEmail = "",
  existingEmails,
  founderEmail,
  onSubmit,
  onClose,
}: OwnerEmailDialogProps) {
  const [email, setEmail] = useState(initialEmail);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (open) {
      setEmail(initialEmail);
      setTouched(false);
      setSaving(false);
    }
  }, [open, initialEmail]);

  const error = useMemo(
    () => ownerEmailError(email, existingEmails, founderEmail),
    [email, existingEmails, founderEmail],
  );
  // An unchanged email in the edit dialog is not a change worth saving.
  const unchanged = Boolean(initialEmail) && email.trim().toLowerCase() === initialEmail.trim().toLowerCase();

  async function submit() {
    if (error || saving || unchanged) return;
    setSaving(true);
    const ok = await onSubmit(email.trim());
    setSaving(false);
    if (ok) onClose();
  }

  return (
    <Dialog open={open} onClose={() => (saving ? undefined : onClose())} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-md rounded-lg bg-paper p-6 shadow-xl">
          <DialogTitle as="h2" className="mb-4 text-lg font-medium text-primary-text">
            {title}
          </DialogTitle>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              // React events bubble through portals: keep the submit from the form that opened the dialog.
              e.stopPropagation();
              void submit();
            }}
            className="flex flex-col gap-4"
            noValidate
          >
            {/* Not type="email": the browser's own check disagrees with the contract's (it takes
                émile@exämple.com) and blocks with a tooltip. autoComplete off: it is another person's address. */}
            <BoundTextField
              label="Email"
              inputMode="email"
              autoComplete="off"
              autoFocus
              field={{
                name: "email",
                value: email,
                onChange: (v) => {
                  setEmail(v);
                  // Duplicates and bad formats are reported while typing once something was typed.
                  setTouched(true);
                },
                onBlur: () => setTouched(true),
                error: touched ? error : undefined,
              }}
            />
            <div className="flex justify-end gap-2">
              <Button variant="text" onClick={onClose} disabled={saving}>
                Cancel
              </Button>
              <Button type="submit" disabled={Boolean(error) || saving || unchanged}>
                {saving ? "Saving..." : submitLabel}
              </Button>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
