// 'Choose strategy' (spec §2): the strategy selector, description, fee terms and the 'More...'
// legal analysis. Select creates the Founder Foundation strategy and opens step 1 after ~1 s; it
// is disabled when the account already has one. Back goes to /.
import { Disclosure, DisclosureButton, DisclosurePanel } from "@headlessui/react";
import { useId } from "react";
import { useLocation } from "wouter";
import { FOUNDER_STRATEGY } from "@contract/rules";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { createStrategy, hasFounderStrategy, useAccountId, useAccountMutation, useStrategies } from "@/api";
import { useSaveFlow } from "@/hooks/use-save-flow";
import { FEE_TERMS, FOUNDER_FOUNDATION_DESCRIPTION, FOUNDER_FOUNDATION_NAME, LegalAnalysis } from "./strategy-terms";

export default function ChooseStrategyScreen() {
  const [, navigate] = useLocation();
  const accountId = useAccountId();
  const strategies = useStrategies();
  const create = useAccountMutation((account: number) => createStrategy(account, FOUNDER_STRATEGY));
  const { saving, save } = useSaveFlow();
  const selectId = useId();
  const exists = hasFounderStrategy(strategies.data);
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
        <div className="flex flex-col gap-1">
          <label htmlFor={selectId} className="text-sm text-secondary">
            Strategy
          </label>
          <select id={selectId} value={FOUNDER_STRATEGY} onChange={() => undefined} className="h-[42px] rounded border border-input bg-paper px-3 py-2 text-base text-primary-text">
            <option value={FOUNDER_STRATEGY}>{FOUNDER_FOUNDATION_NAME}</option>
          </select>
        </div>
        <h2 className="text-lg font-medium">{FOUNDER_FOUNDATION_NAME}</h2>
        <p>{FOUNDER_FOUNDATION_DESCRIPTION}</p>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
          {FEE_TERMS.map((t) => (
            <div key={t.label} className="contents">
              <dt className="text-secondary">{t.label}</dt>
              <dd className="mb-2 sm:mb-0">{t.value}</dd>
            </div>
          ))}
        </dl>
        <Disclosure>
          <DisclosureButton className="self-start rounded px-1 text-primary-strong underline underline-offset-2 hover:bg-primary-tint focus-visible:outline-2 focus-visible:outline-primary">
            More...
          </DisclosureButton>
          <DisclosurePanel className="border-t border-divider pt-4">
            <LegalAnalysis />
          </DisclosurePanel>
        </Disclosure>
        {exists ? <p className="text-sm text-secondary">You already have a Founder Foundation strategy.</p> : null}
        <div className="flex flex-wrap justify-end gap-2">
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
