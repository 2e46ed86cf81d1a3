// A question before an action that cannot be undone (deleting an owner): Cancel, or the action.
// Opens on Cancel, the safe choice, so Enter alone never deletes.
import { Dialog, DialogPanel, DialogTitle, Description } from "@headlessui/react";
import { useState, type ReactNode } from "react";
import { Button } from "./button";

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  /** 'Delete'. */
  confirmLabel: string;
  /** Shown on the action while it runs ('Deleting...'). */
  busyLabel: string;
  /** Runs the action; the dialog closes when it settles. */
  onConfirm(): Promise<unknown>;
  onClose(): void;
}

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busyLabel,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      onClose();
    }
  }
  return (
    <Dialog open={open} onClose={() => (busy ? undefined : onClose())} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-md rounded-lg bg-paper p-6 shadow-xl">
          <DialogTitle as="h2" className="mb-2 text-lg font-medium text-primary-text">
            {title}
          </DialogTitle>
          <Description as="div" className="mb-6 wrap-anywhere text-secondary">
            {children}
          </Description>
          <div className="flex justify-end gap-2">
            <Button variant="text" onClick={onClose} disabled={busy} autoFocus>
              Cancel
            </Button>
            <Button
              onClick={() => void confirm()}
              disabled={busy}
              className="bg-error-strong! text-white! hover:opacity-90"
            >
              {busy ? busyLabel : confirmLabel}
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
