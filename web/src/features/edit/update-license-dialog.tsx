// 'Update license' on /edit-profile: the identity check opens again (the same widget and server
// confirmation as step 3 of the creation flow) so the founder can capture a new document.
import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import type { Person } from "@contract/entities";
import { CloseIcon } from "@/components/ui/icons";
import { IdentityVerification } from "@/identity/identity-step";

export function UpdateLicenseDialog({ open, onClose, email, person }: { open: boolean; onClose(): void; email: string; person: Person }) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-2 sm:p-4">
        <DialogPanel className="flex max-h-[95vh] w-full max-w-2xl flex-col gap-3 overflow-y-auto rounded-lg bg-paper p-4 text-primary-text shadow-xl sm:p-6">
          <div className="flex items-center justify-between gap-2">
            <DialogTitle as="h2" className="text-lg font-medium">
              Update license
            </DialogTitle>
            {/* No field here: the dialog opens on its first control (the frame below loads later). */}
            <button type="button" aria-label="Close" autoFocus onClick={onClose} className="rounded-full p-1.5 text-icon hover:bg-hover focus-visible:outline-2 focus-visible:outline-primary">
              <CloseIcon />
            </button>
          </div>
          <p className="text-sm text-secondary">Confirm your identity with your new document.</p>
          {open ? <IdentityVerification email={email} person={person} /> : null}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
