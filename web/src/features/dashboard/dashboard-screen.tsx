// The dashboard (requirements §2 "Dashboard", §4 "Onboarding progress"): 'Welcome!', the 'Account
// Strategies' card with the founder's strategies (in-progress ones as progress cards), 'Add
// Strategy', and the 'Foundations' summary once the first strategy is completed and named. A
// submitted strategy says what happens next (what-happens-next.tsx); every card reads the one
// creation state (web/src/lib/onboarding-progress.ts), as the stepper does.
import { Link, useLocation } from "wouter";
import type { AllData, Person, Strategy } from "@contract/entities";
import { Button } from "@/components/ui/button";
import { LoadingScreen } from "@/components/ui/loading-overlay";
import { paths } from "@/config/paths";
import { primaryHolder, useAllData } from "@/api/all-data";
import { useOrganization } from "@/api/organizations";
import { additionalOwners } from "@/api/persons";
import { hasFounderStrategy, useStrategies } from "@/api/strategies";
import { formatShortDate } from "@/lib/dates";
import { creationState } from "@/lib/onboarding-progress";
import { SubmittedFoundation, submittedHeadline } from "./what-happens-next";

const ADD_STRATEGY_HINT = {
  none: "A strategy is a way to structure your giving; the Founder Foundation is the one offered today.",
  hasOne: "You have your Founder Foundation, the one strategy offered today; an account holds one.",
} as const;

/** The summary row's balance: a fixed placeholder until balances exist (requirements §2). */
const PLACEHOLDER_BALANCE = "$0.00";

export default function DashboardScreen() {
  const allData = useAllData();
  const strategies = useStrategies();
  const [, navigate] = useLocation();
  const person = primaryHolder(allData.data);
  const list = strategies.data ?? [];
  const loading = allData.isPending || strategies.isPending;
  // An account holds one Founder Foundation, the one strategy offered: once it has it, adding is no
  // longer the next step, so the button steps back and the hint says why.
  const hasOne = hasFounderStrategy(list);

  return (
    <section className="mx-auto flex max-w-4xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-normal">Welcome!</h1>
        <p className="text-secondary">Set up your foundation and follow each step of its filing here.</p>
      </div>
      {list[0]?.entry_completed_at ? <FoundationsSummary strategy={list[0]} person={person} /> : null}
      <section
        aria-labelledby="account-strategies"
        className="flex flex-col gap-4 rounded-lg bg-paper p-4 shadow-sm sm:p-6"
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="account-strategies" className="text-lg font-medium">
            Account Strategies
          </h2>
          <Button
            variant={hasOne ? "outlined" : "contained"}
            onClick={() => navigate(paths.chooseStrategy.getHref())}
            aria-describedby="add-strategy-hint"
          >
            Add Strategy
          </Button>
        </div>
        <p id="add-strategy-hint" className="-mt-2 text-xs text-secondary">
          {hasOne ? ADD_STRATEGY_HINT.hasOne : ADD_STRATEGY_HINT.none}
        </p>
        {loading && !allData.isError ? (
          <LoadingScreen label="Loading strategies..." />
        ) : list.length === 0 ? (
          <>
            <p className="text-secondary">No foundations have been created yet.</p>
            <StartFoundation onStart={() => navigate(paths.chooseStrategy.getHref())} />
          </>
        ) : (
          <ul className="flex flex-col gap-3">
            {list.map((s) => (
              <li key={s.strategy_id}>
                {s.entry_completed_at ? (
                  <CompletedStrategy strategy={s} allData={allData.data} />
                ) : (
                  <InProgressCard strategy={s} person={person} />
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}

/** What a founder needs at hand before starting (docs/decisions/0097). */
const START_NEEDS = [
  "An ID document: a driver's license or passport, for the identity check",
  "Your Social Security number",
  "The email address of each other owner, if there are any",
] as const;

/** A founder with no foundation yet: one clear next step, and what it takes. */
function StartFoundation({ onStart }: { onStart(): void }) {
  return (
    <section
      aria-labelledby="start-foundation"
      className="flex flex-col gap-3 rounded-lg border border-primary bg-primary-tint p-4"
    >
      <h3 id="start-foundation" className="text-base font-medium">
        Start your Founder Foundation
      </h3>
      <p className="text-sm">It takes about 10 minutes. Have these at hand:</p>
      <ul className="list-disc pl-5 text-sm">
        {START_NEEDS.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
      <Button className="self-start" onClick={onStart} aria-describedby="start-foundation">
        Get started
      </Button>
    </section>
  );
}

function InProgressCard({ strategy, person }: { strategy: Strategy; person: Person | null }) {
  const organization = useOrganization(strategy.strategy_id);
  const { progress } = creationState(strategy, organization.data, person);
  const name = organization.data?.name_1 ?? "";
  const titleId = `strategy-${strategy.strategy_id}-title`;
  return (
    <Link
      href={paths.createFoundationStep.getHref(strategy.strategy_id, progress.page)}
      aria-labelledby={titleId}
      aria-describedby={`${titleId}-next`}
      className="block rounded-lg border border-divider p-4 transition-colors motion-reduce:transition-none hover:bg-hover focus-visible:outline-2 focus-visible:outline-primary"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={titleId} className="min-w-0 text-base font-medium wrap-anywhere">
          {/* Requirements §4: 'Creating' and the organization name; before step 1 names it, say what is being created. */}
          Creating {name || "your Founder Foundation"}
        </h3>
        <span className="text-sm text-secondary">{formatShortDate(strategy.created_at)}</span>
      </div>
      <div
        role="progressbar"
        aria-label="Creation progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        className="mt-3 h-2 w-full overflow-hidden rounded-full bg-disabled-bg"
      >
        <div className="h-full rounded-full bg-primary" style={{ width: `${progress.percent}%` }} />
      </div>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="font-medium tracking-wide text-primary-strong">IN PROGRESS</span>
        <span id={`${titleId}-next`} className="text-secondary">
          {progress.nextAction} · {progress.percent}%
        </span>
      </div>
    </Link>
  );
}

function CompletedStrategy({ strategy, allData }: { strategy: Strategy; allData: AllData | undefined }) {
  const organization = useOrganization(strategy.strategy_id);
  return (
    <SubmittedFoundation
      strategy={strategy}
      organization={organization.data}
      holder={primaryHolder(allData)}
      owners={additionalOwners(allData?.persons)}
    />
  );
}

/** 'Foundations': shown when the first strategy is completed and its organization has a name. */
function FoundationsSummary({ strategy, person }: { strategy: Strategy; person: Person | null }) {
  const organization = useOrganization(strategy.strategy_id);
  if (!organization.data?.name_1) return null;
  const state = creationState(strategy, organization.data, person);
  return (
    <section aria-labelledby="foundations-summary" className="rounded-lg bg-paper p-4 shadow-sm sm:p-6">
      <h2 id="foundations-summary" className="text-lg font-medium">
        Foundations
      </h2>
      <div className="mt-2 flex flex-wrap items-end justify-between gap-2">
        <span className="min-w-0 font-medium wrap-anywhere">{organization.data.name_1}</span>
        <span className="flex flex-col items-end">
          <span className="text-xs uppercase tracking-wide text-secondary">Balance</span>
          <span className="text-xl">{PLACEHOLDER_BALANCE}</span>
        </span>
      </div>
      <p className="mt-3 border-t border-divider pt-3 text-sm text-secondary">
        {submittedHeadline(state.identityCheckAgain)}: what happens next is below. The balance starts once you fund the
        foundation.
      </p>
    </section>
  );
}
