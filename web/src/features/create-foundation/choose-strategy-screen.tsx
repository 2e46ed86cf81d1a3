// 'Choose strategy' (requirements §2): the strategy selector, description, fee terms and the 'More...'
// legal analysis. Select creates the Founder Foundation strategy and opens step 1 after ~1 s; it
// is disabled when the account already has one. Back goes to /.
import { Disclosure, DisclosureButton, DisclosurePanel } from "@headlessui/react";
import { useId } from "react";
import { Link, useLocation } from "wouter";
import { FOUNDER_STRATEGY } from "@contract/rules";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { createStrategy, hasFounderStrategy, useAccountId, useAccountMutation, useStrategies } from "@/api";
import { useSaveFlow } from "@/hooks/use-save-flow";
import { FeeTerms, FOUNDER_FOUNDATION_DESCRIPTION, FOUNDER_FOUNDATION_NAME, LegalAnalysis } from "./strategy-terms";

export default function ChooseStrategyScreen() {
  const [, navigate] = useLocation();
  const accountId = useAccountId();
  const strategies = useStrategies();
  const create = useAccountMutation((account: number) => createStrategy(account, FOUNDER_STRATEGY));
  const { saving, save } = useSaveFlow();
  const selectId = useId();
  const exists = hasFounderStrategy(strategies.data);
  const existing = strategies.data?.find((s) => s.strategy_type === FOUNDER_STRATEGY);
  const ready = accountId.data !== undefined && strategies.isSuccess;

  async function select() {
    const account = accountId.data;
    if (account === undefined) return;
    let strategyId = 0;
    await save(
      async () => {
        strategyId = await create.mutateAsync(account);
      },
      { what: "strategy", to: () => paths.createFoundationStep.getHref(strategyId, 1) },
    );
  }

  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-6">
      <h1 className="text-2xl font-normal">Choose strategy</h1>
      <div className="flex flex-col gap-4 rounded-lg bg-paper p-4 shadow-sm sm:p-6">
        {/* The selector: one strategy is offered today, so it is shown as a chosen option card
            rather than a dropdown with a single entry. */}
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm text-secondary">Strategy</legend>
          <label
            htmlFor={selectId}
            className="flex cursor-pointer items-center gap-3 rounded-lg border-2 border-primary bg-primary-tint px-4 py-3"
          >
            <input
              id={selectId}
              type="radio"
              name="strategy"
              value={FOUNDER_STRATEGY}
              checked
              readOnly
              className="h-4 w-4 accent-primary"
            />
            <span className="text-lg font-medium">{FOUNDER_FOUNDATION_NAME}</span>
          </label>
        </fieldset>
        <p>{FOUNDER_FOUNDATION_DESCRIPTION}</p>
        <h2 className="text-base font-medium">Fees and terms</h2>
        <FeeTerms className="-mt-2 gap-x-4 gap-y-2 rounded border border-divider p-3 sm:gap-x-6" />
        <Disclosure>
          <DisclosureButton className="self-start rounded px-1 text-primary-strong underline underline-offset-2 hover:bg-primary-tint focus-visible:outline-2 focus-visible:outline-primary">
            {({ open }) => <>{open ? "Less" : "More..."}</>}
          </DisclosureButton>
          {/* From 640 px the analysis scrolls in its own box, so Back and Select stay in reach below
              it; on a phone a box inside the scrolling page is a trap for the thumb, so the text
              flows with the page there. */}
          <DisclosurePanel
            as="section"
            aria-label="Legal analysis"
            tabIndex={0}
            className="rounded border border-divider p-4 focus-visible:outline-2 focus-visible:outline-primary sm:max-h-80 sm:overflow-y-auto"
          >
            <LegalAnalysis />
          </DisclosurePanel>
        </Disclosure>
        {exists && existing ? (
          // Not a dead end: one account holds one Founder Foundation, so lead to the one it has.
          <p role="note" className="rounded border border-divider bg-background px-3 py-2 text-sm">
            You already have a Founder Foundation; an account holds one.{" "}
            <Link
              href={paths.createFoundationStep.getHref(existing.strategy_id, existing.entry_completed_at ? 5 : 1)}
              className="font-medium text-primary-strong underline underline-offset-2 hover:no-underline"
            >
              {existing.entry_completed_at ? "Review what you submitted" : "Continue setting it up"}
            </Link>
          </p>
        ) : null}
        <div className="flex flex-wrap justify-between gap-2 border-t border-divider pt-4">
          <Button variant="outlined" onClick={() => navigate(paths.dashboard.getHref())}>
            Back
          </Button>
          <Button onClick={() => void select()} disabled={!ready || exists || saving}>
            {saving ? "Saving..." : "Select"}
          </Button>
        </div>
      </div>
    </section>
  );
}
