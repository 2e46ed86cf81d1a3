// Step 5 'Review': read-only Foundation, Profile (SSN masked by the API), Others and DAF, each
// with an Edit link to its step. Approve opens the confirmation (approve-dialog.tsx); its Submit
// emails every additional owner a verification link, marks the strategy entered
// (entry_completed_at, a timestamp without Z) and returns to the dashboard, where "What happens next"
// waits. Approve is offered only when the server would accept the entry (the contract's rule, through
// the creation state); otherwise the review says what is missing, with a link to each step.
import { useContext, useState } from "react";
import { Link, useLocation } from "wouter";
import type { EnumItem } from "@contract/entities";
import type { MissingItem } from "@contract/submission";
import { dafFromStored } from "@contract/forms";
import { DELAWARE, formatPhone, timestampNow } from "@contract/rules";
import { useToast } from "@/components/ui/toast";
import { paths } from "@/config/paths";
import { additionalOwners, enumLabel, sendVerificationEmails, updateStrategy, useAccountMutation } from "@/api";
import { useSaveFlow } from "@/hooks/use-save-flow";
import { ApproveDialog } from "./approve-dialog";
import type { StepData } from "./step-context";
import { StepLayout, SubmittedStepContext } from "./step-layout";
import { STEPS } from "./stepper";

/** The toast after Submit: the details of what comes next are on the dashboard, which stays. */
const SUBMITTED_TOAST = "Your foundation is submitted. What happens next is on your dashboard.";

/** Step 5's heading once submitted: nothing is left to approve. */
const SUBMITTED_TITLE = "Your submitted foundation";

const yesNo = (b: boolean | undefined) => (b ? "Yes" : "No");

/** An ISO date (YYYY-MM-DD) as M/D/YYYY, without passing through a time zone. */
function formatIsoDate(iso: string | null | undefined): string {
  const m = iso?.match(/^(\d{4})-(\d{2})-(\d{2})$/);
  return m ? `${Number(m[2])}/${Number(m[3])}/${m[1]}` : (iso ?? "");
}

/** A section's heading, with a link to the step that changes it while the entry is not submitted. */
function SectionHeading({ title, editHref }: { title: string; editHref: string | null }) {
  return (
    <div className="flex items-baseline justify-between gap-2">
      <h3 className="text-base font-medium">{title}</h3>
      {editHref ? (
        <Link
          href={editHref}
          className="rounded px-1 text-sm font-medium text-primary-strong underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-primary"
        >
          Edit<span className="sr-only"> {title}</span>
        </Link>
      ) : null}
    </div>
  );
}

function Section({ title, rows, editHref }: { title: string; rows: Array<[string, string]>; editHref: string | null }) {
  return (
    <section className="flex flex-col gap-2">
      <SectionHeading title={title} editHref={editHref} />
      <dl className="grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-[12rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-sm text-secondary">{label}</dt>
            <dd className="mb-2 min-w-0 wrap-anywhere sm:mb-0">{value || "—"}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function cityStateZip(city: string | null | undefined, state: string, zip: string | null | undefined): string {
  return [city, [state, zip].filter(Boolean).join(" ")].filter(Boolean).join(", ");
}

/** What the server would still refuse the submission for, each with a link to the step that gives it. */
function MissingBeforeApproval({ missing, strategyId }: Pick<StepData, "strategyId"> & { missing: MissingItem[] }) {
  return (
    <div role="note" aria-labelledby="missing-title" className="rounded border border-error px-3 py-2 text-sm">
      <p id="missing-title" className="font-medium">
        Approve needs these first:
      </p>
      <ul className="list-disc pl-5">
        {missing.map((m) => (
          <li key={m.key}>
            {m.label}:{" "}
            <Link
              href={paths.createFoundationStep.getHref(strategyId, m.step)}
              className="font-medium text-primary-strong underline underline-offset-2 hover:no-underline"
            >
              step {m.step}, {STEPS[m.step - 1]}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ReviewStep({ strategyId, allData, organization, person, enums, state }: StepData) {
  const [, navigate] = useLocation();
  const submitted = useContext(SubmittedStepContext);
  const [confirming, setConfirming] = useState(false);
  const { saving, save } = useSaveFlow();
  const editHref = (step: number) => (submitted ? null : paths.createFoundationStep.getHref(strategyId, step));
  const owners = additionalOwners(allData.persons);
  const toast = useToast();
  const approve = useAccountMutation(async () => {
    if (owners.length > 0) {
      // Requirements §8's toasts for the owners' mails; without them nothing is submitted.
      try {
        await sendVerificationEmails(owners.map((o) => o.person_id));
      } catch (err) {
        toast.error("Failed to send verification emails");
        throw err;
      }
      toast.success("Verification emails sent successfully");
    }
    // The dialog's Submit is enabled only with the attestation ticked.
    await updateStrategy(strategyId, { entry_completed_at: timestampNow(), attested: true });
    toast.success(SUBMITTED_TOAST);
  });
  const label = (id: string | null | undefined, list: readonly EnumItem[] = enums) => enumLabel(list, id);
  const daf = dafFromStored(organization?.donor_advised_fund);

  return (
    <StepLayout
      title={submitted ? SUBMITTED_TITLE : "Review and approve"}
      subtitle={
        submitted
          ? "Your foundation as it was submitted."
          : "Check your details, then approve to submit your foundation."
      }
      onBack={() => navigate(paths.createFoundationStep.getHref(strategyId, 4))}
      nextLabel="Approve"
      nextDisabled={!state.canSubmit}
      saving={saving}
      onNext={() => setConfirming(true)}
    >
      {!submitted && state.missing.length > 0 ? (
        <MissingBeforeApproval missing={state.missing} strategyId={strategyId} />
      ) : null}
      <ApproveDialog
        open={confirming}
        names={{ first: organization?.name_1 ?? "", alternate: organization?.name_2 ?? "" }}
        ownerEmails={owners.map((o) => o.email ?? "")}
        submitting={saving}
        onClose={() => setConfirming(false)}
        onSubmit={() =>
          void save(() => approve.mutateAsync(), { what: "approval", to: paths.dashboard.getHref() }).then((ok) => {
            // A refusal leaves the founder on the review, the dialog closed, Approve ready again.
            if (!ok) setConfirming(false);
          })
        }
      />
      <Section
        editHref={editHref(1)}
        title="Foundation"
        rows={[
          ["First choice", organization?.name_1 ?? ""],
          ["Alternate name", organization?.name_2 ?? ""],
          ["This is an investment", yesNo(organization?.activity_is_investment)],
          ["Located in Delaware", yesNo(organization?.registered_state === DELAWARE)],
          ["Tax group as registered agent", yesNo(organization?.itg_as_registered_agent)],
        ]}
      />
      <Section
        editHref={editHref(2)}
        title="Profile"
        rows={[
          ["Name", [person?.first_name, person?.last_name].filter(Boolean).join(" ")],
          ["SSN", person?.ssn ?? ""],
          ["Birthdate", formatIsoDate(person?.dob)],
          ["Marital status", label(person?.marital_status)],
          ["Phone", formatPhone(person?.phone ?? "")],
          ["Address line 1", person?.address_line1 ?? ""],
          ["Address line 2", person?.address_line2 ?? ""],
          ["City, state, zip", cityStateZip(person?.city, label(person?.state), person?.zip)],
        ]}
      />
      <section className="flex flex-col gap-2">
        <SectionHeading title="Others" editHref={editHref(3)} />
        {owners.length === 0 ? (
          <p className="text-secondary">No additional owners added yet</p>
        ) : (
          <ul aria-label="Additional owners' emails" className="flex flex-col gap-1">
            {owners.map((o) => (
              <li key={o.person_id} className="wrap-anywhere">
                {o.email}
              </li>
            ))}
          </ul>
        )}
      </section>
      <Section
        editHref={editHref(4)}
        title="DAF"
        rows={[
          ["DAF", daf.daf],
          ["Custom name", daf.customName],
          ["Custodian", label(organization?.custodian)],
        ]}
      />
    </StepLayout>
  );
}
