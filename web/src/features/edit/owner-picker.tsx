// The additional owners on /edit-others, to pick one from: a verified owner can be selected for editing; one whose
// identity check is not complete is disabled, shows where it stands, and can be emailed again.
import type { Person } from "@contract/entities";
import { Button } from "@/components/ui/button";
import { ownerName, ownerStatus } from "./owner-status";

export interface OwnerPickerProps {
  owners: Person[];
  selectedId: number | null;
  onSelect(personId: number): void;
  onAdd(): void;
  onResend(personId: number): void;
  /** The owner whose email is being sent, if any. */
  sendingTo: number | null;
  /** A line under the list (why nobody can be edited yet), if any. */
  note?: string | null;
}

export function OwnerPicker({ owners, selectedId, onSelect, onAdd, onResend, sendingTo, note }: OwnerPickerProps) {
  return (
    <section
      aria-labelledby="owners-heading"
      className="flex min-w-0 flex-col gap-3 rounded-lg bg-paper p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="owners-heading" className="text-lg font-medium">
          Owners
        </h2>
        <Button variant="outlined" onClick={onAdd}>
          Add owner
        </Button>
      </div>
      {owners.length === 0 ? (
        <p className="text-secondary">No additional owners added yet</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {owners.map((o) => {
            const status = ownerStatus(o);
            const selected = o.person_id === selectedId;
            const statusId = `owner-${o.person_id}-status`;
            return (
              <li
                key={o.person_id}
                className={`rounded border ${selected ? "border-primary bg-primary-tint" : "border-divider"}`}
              >
                <button
                  type="button"
                  disabled={status.kind !== "verified"}
                  aria-pressed={selected}
                  aria-describedby={statusId}
                  onClick={() => onSelect(o.person_id)}
                  className="flex w-full flex-col items-start px-3 py-2 text-left disabled:cursor-not-allowed focus-visible:outline-2 focus-visible:outline-primary"
                >
                  {/* Addresses wrap anywhere rather than spill out of the row at 375 px. */}
                  <span
                    className={`max-w-full font-medium wrap-anywhere ${status.kind === "verified" ? "text-primary-text" : "text-secondary"}`}
                  >
                    {ownerName(o)}
                  </span>
                  {o.email && ownerName(o) !== o.email ? (
                    <span className="max-w-full text-sm text-secondary wrap-anywhere">{o.email}</span>
                  ) : null}
                </button>
                <div className="flex flex-wrap items-center justify-between gap-2 px-3 pb-2">
                  <span
                    id={statusId}
                    className={`text-xs ${status.kind === "rejected" ? "text-error" : "text-secondary"}`}
                  >
                    {status.kind === "verified" ? "Identity verified" : status.label}
                  </span>
                  {status.kind === "verified" ? null : (
                    <button
                      type="button"
                      disabled={sendingTo !== null}
                      onClick={() => onResend(o.person_id)}
                      className="rounded px-1 text-xs font-medium text-primary-strong underline hover:no-underline disabled:text-disabled focus-visible:outline-2 focus-visible:outline-primary"
                      aria-label={`Resend verification email to ${o.email ?? ownerName(o)}`}
                    >
                      {sendingTo === o.person_id ? "Sending..." : "Resend verification email"}
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {note ? <p className="text-sm text-secondary">{note}</p> : null}
    </section>
  );
}
