// /create-foundation/{strategy_id}/{step}: the stepper and the current step, resumed from the
// saved data (each step's form starts from what the API returns, so a reload continues where the
// founder left off). Until submission, a step whose earlier steps are not done (a typed link, a
// bookmark) redirects to the first step that is not (docs/decisions/0145): steps are done in order.
import type { ComponentType } from "react";
import { Link, Redirect, useParams } from "wouter";
import { LoadingScreen } from "@/components/ui/loading-overlay";
import { paths } from "@/config/paths";
import { useFounderData } from "@/api";
import { useCurrentUser } from "@/stores/session";
import { formatShortDate } from "@/lib/dates";
import { creationState } from "@/lib/onboarding-progress";
import type { StepData } from "./step-context";
import { SubmittedStepContext, type SubmittedStep } from "./step-layout";
import { DafStep } from "./step-daf";
import { FoundationStep } from "./step-foundation";
import { OthersStep } from "./step-others";
import { ProfileStep } from "./step-profile";
import { ReviewStep } from "./step-review";
import { isStepNumber, Stepper, type StepNumber } from "./stepper";

const STEP_SCREENS: Record<StepNumber, ComponentType<StepData>> = {
  1: FoundationStep,
  2: ProfileStep,
  3: OthersStep,
  4: DafStep,
  5: ReviewStep,
};

export default function CreateFoundationStepScreen() {
  const params = useParams<{ strategyId: string; step: string }>();
  const strategyId = Number(params.strategyId);
  const step = Number(params.step);
  const validStrategy = Number.isInteger(strategyId) && strategyId > 0;
  const user = useCurrentUser();
  const founder = useFounderData(validStrategy ? strategyId : undefined);

  if (!validStrategy || !isStepNumber(step)) return <NotFound />;
  if (founder.error) {
    return (
      <p role="alert" className="text-error">
        Your details could not be loaded. Please reload the page.
      </p>
    );
  }
  if (!founder.data) return <LoadingScreen />;
  const strategy = founder.data.allData.strategies.find((s) => s.strategy_id === strategyId);
  if (!strategy) return <NotFound />;

  const state = creationState(strategy, founder.data.organization, founder.data.person);
  if (!state.submittedAt && step > state.firstOpenStep)
    return <Redirect to={paths.createFoundationStep.getHref(strategyId, state.firstOpenStep)} replace />;
  const data: StepData = { ...founder.data, strategyId, email: user?.email ?? "", state };
  const Step = STEP_SCREENS[step];
  const submitted: SubmittedStep | null = state.submittedAt
    ? {
        submittedOn: formatShortDate(state.submittedAt),
        nextHref: step < 5 ? paths.createFoundationStep.getHref(strategyId, step + 1) : null,
      }
    : null;
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-6">
      <h1 className="text-2xl font-normal">Create your Founder Foundation</h1>
      <Stepper current={step} statuses={state.steps} strategyId={strategyId} />
      {/* Keyed by step: each step's form starts from the saved data when it opens. */}
      <SubmittedStepContext.Provider value={submitted}>
        <Step key={step} {...data} />
      </SubmittedStepContext.Provider>
    </section>
  );
}

function NotFound() {
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-normal">Foundation not found</h1>
      <p>
        This creation step does not exist.{" "}
        <Link href={paths.dashboard.getHref()} className="text-primary-strong underline">
          Back to the dashboard
        </Link>
      </p>
    </section>
  );
}
