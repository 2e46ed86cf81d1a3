// The /edit-others writes and the §8 toasts each one ends with. Adding an owner is three calls:
// create the person (an add-on with an email), link them to the organization, and email them the
// identity-check link (creation is over, so no Approve step will send it). One action, one toast:
// the outcome of the whole, i.e. the success, or the first step that failed; the list then shows
// the new owner with "Verification email sent {date}".
import { useQueryClient } from "@tanstack/react-query";
import { ApiError } from "@/lib/api-client";
import { useToast } from "@/components/ui/toast";
import { addOwner as addOwnerCalls, OwnerNotLinkedError, refetchAll, sendVerificationEmails } from "@/api";

export const OWNER_TOASTS = {
  added: "New owner added successfully",
  addFailed: "Failed to add new owner",
  linked: "Owner added to organization successfully",
  linkFailed: "Failed to add owner to organization",
  createError: "Error creating new owner",
  updated: "Owner information updated successfully",
  updateFailed: "Failed to update owner information",
  emailsSent: "Verification emails sent successfully",
  emailsFailed: "Failed to send verification emails",
} as const;

function logFailure(what: string, err: unknown) {
  console.error(what, err instanceof Error ? err.message : err);
}

export function useOwnerActions({ accountId, organizationId }: { accountId: number; organizationId: number | null }) {
  const toast = useToast();
  const queryClient = useQueryClient();

  /** `sent`: the success toast (the add-owner action says its own). */
  async function sendEmails(personIds: number[], opts: { reissue?: boolean; sent?: string } = {}): Promise<boolean> {
    let ok = false;
    try {
      ok = await sendVerificationEmails(personIds, { reissue: opts.reissue });
    } catch (err) {
      logFailure("Failed to send verification emails", err);
    }
    if (ok) toast.success(opts.sent ?? OWNER_TOASTS.emailsSent);
    else toast.error(OWNER_TOASTS.emailsFailed);
    await refetchAll(queryClient);
    return ok;
  }

  /** Resolves true once the owner exists (the dialog then closes), even if a later step failed. */
  async function addOwner(email: string): Promise<boolean> {
    if (organizationId === null) {
      toast.error(OWNER_TOASTS.createError);
      return false;
    }
    let personId: number;
    try {
      personId = await addOwnerCalls({ accountId, organizationId, email });
    } catch (err) {
      if (err instanceof OwnerNotLinkedError) {
        logFailure("Failed to add owner to organization", err.cause);
        toast.error(OWNER_TOASTS.linkFailed);
        await refetchAll(queryClient);
        return true;
      }
      logFailure("Failed to add new owner", err);
      // A refusal by the API is a failed add; anything else (no answer, no id) an error creating.
      toast.error(err instanceof ApiError ? OWNER_TOASTS.addFailed : OWNER_TOASTS.createError);
      return false;
    }
    await sendEmails([personId], { sent: OWNER_TOASTS.added });
    return true;
  }

  return { addOwner, sendEmails };
}
