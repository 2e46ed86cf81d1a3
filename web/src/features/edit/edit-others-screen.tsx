// /edit-others (requirements §2 "Other owners"): the additional owners (those without a completed identity
// check disabled, with their state), the add-owner dialog, and the selected owner's details.
import { useAtomValue } from "jotai";
import { useState } from "react";
import { OwnerEmailDialog } from "@/components/forms";
import { additionalOwners, useFounderData, type FounderData } from "@/api";
import { keptEditsAtom } from "@/stores/kept-edits";
import { useCurrentUser } from "@/stores/session";
import { DataGate, EditScreen } from "@/components/layout/edit-layout";
import { NotReady } from "./not-ready";
import { OWNER_KEPT_PREFIX, OwnerEditor } from "./owner-editor";
import { useOwnerActions } from "./owner-actions";
import { ownerStatus } from "./owner-status";
import { OwnerPicker } from "./owner-picker";

function OthersEditor({ data }: { data: FounderData }) {
  const owners = additionalOwners(data.allData.persons);
  const user = useCurrentUser();
  const founderEmail = user?.email ?? "";
  const verified = owners.filter((o) => ownerStatus(o).kind === "verified");
  // Back after a sign-in with an owner's edits kept: that owner is the one open.
  const keptOwner = useAtomValue(keptEditsAtom).find(
    (k) => k.userId === user?.id && k.key.startsWith(OWNER_KEPT_PREFIX),
  );
  const [chosenId, setChosenId] = useState<number | null>(
    keptOwner ? Number(keptOwner.key.slice(OWNER_KEPT_PREFIX.length)) : null,
  );
  const [adding, setAdding] = useState(false);
  const [sendingTo, setSendingTo] = useState<number | null>(null);
  const actions = useOwnerActions({
    accountId: data.allData.account.account_id,
    organizationId: data.organization?.organization_id ?? null,
  });
  // The chosen owner while still selectable, else the first verified one.
  const selected = verified.find((o) => o.person_id === chosenId) ?? verified[0] ?? null;

  /** The list's resend (owners not verified yet), or 'Update license' (reissue: verified owners too). */
  async function resend(personId: number, opts: { reissue?: boolean } = {}) {
    setSendingTo(personId);
    await actions.sendEmails([personId], opts);
    setSendingTo(null);
  }

  return (
    // One column at every width: the list gets the full width for long addresses, and the
    // selected owner's details follow it (side by side, the list was squeezed beside one sentence).
    <div className="flex flex-col gap-4">
      <OwnerPicker
        owners={owners}
        selectedId={selected?.person_id ?? null}
        onSelect={setChosenId}
        onAdd={() => setAdding(true)}
        onResend={(id) => void resend(id)}
        sendingTo={sendingTo}
        note={selected ? null : "Owners can be edited once their identity check is complete."}
      />
      {selected ? (
        <OwnerEditor
          key={selected.person_id}
          owner={selected}
          enums={data.enums}
          sendingEmail={sendingTo === selected.person_id}
          onUpdateLicense={() => void resend(selected.person_id, { reissue: true })}
        />
      ) : null}
      <OwnerEmailDialog
        open={adding}
        title="Add owner"
        submitLabel="Add"
        existingEmails={data.allData.persons.map((p) => p.email ?? "").filter(Boolean)}
        founderEmail={founderEmail}
        onSubmit={actions.addOwner}
        onClose={() => setAdding(false)}
      />
    </div>
  );
}

export default function EditOthersScreen() {
  const { data, loading, error, retry } = useFounderData();
  return (
    <EditScreen
      title="Other owners"
      subtitle="The people who own the foundation with you. We'll email them to capture their license."
    >
      <DataGate loading={loading} error={error} onRetry={retry}>
        {data?.organization ? <OthersEditor data={data} /> : <NotReady what="foundation" />}
      </DataGate>
    </EditScreen>
  );
}
