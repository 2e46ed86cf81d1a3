// The /edit-others writes and the §8 toasts each one ends with. Adding an owner is three calls:
// create the person (an add-on with an email), link them to the organization, and email them the
// identity-check link (creation is over, so no Approve step will send it).
import { useQueryClient } from "@tanstack/react-query";
import { ApiError, api } from "@/lib/api-client";
import { useToast } from "@/components/ui/toast";
import { createPerson, linkOrganizationUser, refetchAll } from "@/api";

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

/**
 * POST /api/sumsub/send_sumsub_emails. True only when every owner was actually emailed: without
 * `reissue` the server skips owners who are already verified, and saying 'sent' then would be
 * untrue. `reissue` ('Update license') asks for a fresh link for verified owners too.
 */
export async function sendOwnerEmails(personIds: number[], { reissue = false }: { reissue?: boolean } = {}): Promise<boolean> {
  const { data } = await api.POST("/api/sumsub/send_sumsub_emails", {
    body: personIds,
    ...(reissue ? { params: { query: { reissue: "true" as const } } } : {}),
  });
  return Boolean(data) && data!.results.every((r) => r.status === "sent");
}

export function useOwnerActions({ accountId, organizationId }: { accountId: number; organizationId: number | null }) {
  const toast = useToast();
  const queryClient = useQueryClient();

  async function sendEmails(personIds: number[], opts: { reissue?: boolean } = {}): Promise<boolean> {
    let ok = false;
    try {
      ok = await sendOwnerEmails(personIds, opts);
    } catch (err) {
      logFailure("Failed to send verification emails", err);
    }
    if (ok) toast.success(OWNER_TOASTS.emailsSent);
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
      personId = await createPerson({ account_id: accountId, account_primary_holder: false, is_addon: true, email });
      toast.success(OWNER_TOASTS.added);
    } catch (err) {
      logFailure("Failed to add new owner", err);
      // A refusal by the API is a failed add; anything else (no answer, no id) an error creating.
      toast.error(err instanceof ApiError ? OWNER_TOASTS.addFailed : OWNER_TOASTS.createError);
      return false;
    }
    try {
      await linkOrganizationUser({ organization_id: organizationId, person_id: personId, primary_holder: false });
      toast.success(OWNER_TOASTS.linked);
    } catch (err) {
      logFailure("Failed to add owner to organization", err);
      toast.error(OWNER_TOASTS.linkFailed);
      await refetchAll(queryClient);
      return true;
    }
    await sendEmails([personId]);
    return true;
  }

  return { addOwner, sendEmails };
}
