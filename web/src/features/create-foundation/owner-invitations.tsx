// Step 3, second state: 'Add additional owners', the owners to invite. Each owner is created with only an email
// (is_addon) and linked to the organization; a per-owner menu offers Delete (after a question)
// and Edit Email. The founder's own address is refused: they are an owner already.
// They are emailed a verification link on Approve (step 5).
import { Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";
import { useContext, useState } from "react";
import { Link } from "wouter";
import type { Person } from "@contract/entities";
import { OwnerEmailDialog } from "@/components/forms";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { paths } from "@/config/paths";
import { addOwner, deletePerson, patchPerson, useAccountMutation } from "@/api";
import { SubmittedStepContext } from "./step-layout";

type DialogState = { mode: "closed" } | { mode: "add" } | { mode: "edit"; owner: Person };

export interface OwnerInvitationsProps {
  accountId: number;
  organizationId: number;
  owners: Person[];
  /** The founder's own address, refused as an additional owner. */
  founderEmail: string;
}

export function OwnerInvitations({ accountId, organizationId, owners, founderEmail }: OwnerInvitationsProps) {
  // Submitted: the owners were mailed and are managed on /edit-others; no menus that do nothing here.
  const submitted = useContext(SubmittedStepContext) !== null;
  const [dialog, setDialog] = useState<DialogState>({ mode: "closed" });
  const [deleting, setDeleting] = useState<Person | null>(null);
  const add = useAccountMutation((email: string) => addOwner({ accountId, organizationId, email }));
  const edit = useAccountMutation((v: { personId: number; email: string }) =>
    patchPerson(v.personId, { email: v.email }),
  );
  const remove = useAccountMutation((personId: number) => deletePerson(personId));

  const editing = dialog.mode === "edit" ? dialog.owner : undefined;
  const otherEmails = owners.filter((o) => o.person_id !== editing?.person_id).map((o) => o.email ?? "");

  /** Requirements §8: failures in the creation flow are logged, not shown; the dialog stays open. */
  async function run(what: string, action: () => Promise<unknown>): Promise<boolean> {
    try {
      await action();
      return true;
    } catch (err) {
      console.error(`Failed to ${what}`, err instanceof Error ? err.message : err);
      return false;
    }
  }

  return (
    <div className="flex flex-col gap-3">
      {submitted ? (
        <p className="text-secondary">
          When you submitted, we emailed each owner a link to photograph their driver's license or passport and confirm
          it is them. To add or change an owner now, go to{" "}
          <Link
            href={paths.editOthers.getHref()}
            className="font-medium text-primary-strong underline underline-offset-2 hover:no-underline"
          >
            Other owners
          </Link>
          .
        </p>
      ) : (
        <div className="flex flex-col gap-0.5">
          <p className="text-secondary">We'll email them to capture their license</p>
          {/* The note of requirements §2, then what it means for the owner. */}
          <p className="text-xs text-secondary">
            When you submit, each owner gets a link to photograph their driver's license or passport and confirm it is
            them. You only give their email.
          </p>
        </div>
      )}
      {owners.length === 0 ? (
        <p className="text-secondary">No additional owners added yet</p>
      ) : (
        <ul aria-label="Additional owners" className="divide-y divide-divider rounded border border-divider">
          {owners.map((o) => (
            <li key={o.person_id} className="flex items-center justify-between gap-2 px-3 py-2">
              <span className="min-w-0 wrap-anywhere">{o.email}</span>
              {/* No `anchor`: Headless UI then portals the menu to <body>, outside every landmark
                  (axe: region); positioned under its button instead, and not modal, so the rest
                  of the page is not hidden from screen readers while it is open. */}
              {submitted ? null : (
                <Menu as="div" className="relative shrink-0">
                  <MenuButton
                    aria-label={`Actions for ${o.email ?? "owner"}`}
                    className="rounded-full px-3 py-1 text-xl leading-none text-icon hover:bg-hover focus-visible:outline-2 focus-visible:outline-primary"
                  >
                    <span aria-hidden="true">⋮</span>
                  </MenuButton>
                  <MenuItems
                    modal={false}
                    className="absolute right-0 top-full z-50 mt-1 min-w-36 rounded border border-divider bg-paper py-1 shadow-lg focus:outline-none"
                  >
                    <MenuItem>
                      <button
                        type="button"
                        className="block w-full px-4 py-2 text-left data-focus:bg-hover"
                        onClick={() => setDialog({ mode: "edit", owner: o })}
                      >
                        Edit Email
                      </button>
                    </MenuItem>
                    <MenuItem>
                      <button
                        type="button"
                        className="block w-full px-4 py-2 text-left text-error data-focus:bg-hover"
                        onClick={() => setDeleting(o)}
                      >
                        Delete
                      </button>
                    </MenuItem>
                  </MenuItems>
                </Menu>
              )}
            </li>
          ))}
        </ul>
      )}
      {submitted ? null : (
        <Button variant="outlined" className="self-start" onClick={() => setDialog({ mode: "add" })}>
          Add owner
        </Button>
      )}
      <OwnerEmailDialog
        open={dialog.mode !== "closed"}
        title={dialog.mode === "edit" ? "Edit Email" : "Add additional owner"}
        submitLabel={dialog.mode === "edit" ? "Save" : "Add"}
        initialEmail={editing?.email ?? ""}
        existingEmails={otherEmails}
        founderEmail={founderEmail}
        onClose={() => setDialog({ mode: "closed" })}
        onSubmit={(email) =>
          editing
            ? run("update the owner's email", () => edit.mutateAsync({ personId: editing.person_id, email }))
            : run("add the owner", () => add.mutateAsync(email))
        }
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this owner?"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        onConfirm={() =>
          deleting ? run("delete the owner", () => remove.mutateAsync(deleting.person_id)) : Promise.resolve()
        }
        onClose={() => setDeleting(null)}
      >
        {deleting?.email} will be removed from your foundation and will not be asked to verify their identity.
      </ConfirmDialog>
    </div>
  );
}
