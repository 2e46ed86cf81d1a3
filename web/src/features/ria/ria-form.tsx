// The RIA risk-advisor questionnaire (requirements §2, §5; the contract's riaForm): seven answers, the
// tax form download, and 'Acknowledge receipt' while the answers are those it printed (decision 0191).
import { useEffect, useState } from "react";
import type { z } from "zod";
import type { EnumItem, accountPut } from "@contract/entities";
import { riaAnswersForm, riaForm, type RiaAnswersForm, type RiaForm } from "@contract/forms";
import { LIMITS } from "@contract/rules";
import { Button } from "@/components/ui/button";
import { BoundTextField, CheckboxField, EnumSelect, ScaleField, useZodForm } from "@/components/forms";
import { enumOptions } from "@/api";
import { EditForm } from "@/components/layout/edit-layout";
import { KeptEditsRestored } from "@/components/kept-edits-notice";
import { useKeptEdits } from "@/hooks/use-kept-edits";
import { useUnsavedChangesGuard } from "@/hooks/use-unsaved-changes-guard";

/** The form's state: the box starts unticked, while a valid form (RiaForm) has it ticked. */
export type RiaValues = Omit<RiaForm, "acknowledged"> & { acknowledged: boolean };
export type RiaAccountFields = Required<z.infer<typeof accountPut>>;

/** The risk score's scale: what its two ends mean (the score is a whole number, docs/decisions/0095). */
/** @internal */ export const RISK_SCALE = {
  low: "keep what you have, even if it grows slowly",
  high: "seek the most growth, accepting large losses on the way",
} as const;

/** The questions, the enum category each is answered from (null: typed or the scale), and a hint. */
/** @internal */ export const RIA_QUESTIONS = [
  { name: "primaryGoal", label: "Primary goal", category: "primary_goal", hint: undefined },
  {
    name: "riskScore",
    label: `Risk score (${LIMITS.riskScoreMin} to ${LIMITS.riskScoreMax})`,
    category: null,
    hint: "How much the value may swing while you wait for growth.",
  },
  {
    name: "lossCapacity",
    label: "Loss capacity (%)",
    category: null,
    hint: "The share of this money you could lose without changing your plans.",
  },
  {
    name: "horizonYears",
    label: "Horizon years",
    category: "horizon_years",
    hint: "How long until you expect to spend or give this money.",
  },
  {
    name: "liquidityNeeds",
    label: "Liquidity needs",
    category: "liquidity_needs",
    hint: "How much of it you may need as cash at short notice.",
  },
  {
    name: "federalTaxBracket",
    label: "Federal tax bracket",
    category: "federal_tax_bracket",
    hint: "Your top federal income-tax rate: it decides which investments save you the most tax.",
  },
  { name: "state", label: "State", category: "us_state", hint: undefined },
] as const satisfies ReadonlyArray<{
  name: keyof RiaForm;
  label: string;
  category: EnumItem["enum_category"] | null;
  hint: string | undefined;
}>;

/** Saved answers → form values (the receipt is acknowledged anew each time). */
export function riaValuesFromAccount(a: Partial<RiaAccountFields> | null | undefined): RiaValues {
  const text = (v: string | number | null | undefined) => (v === null || v === undefined ? "" : String(v));
  return {
    primaryGoal: text(a?.ria_primary_goal),
    riskScore: text(a?.ria_risk_score),
    lossCapacity: text(a?.ria_loss_capacity_percent),
    horizonYears: text(a?.ria_time_horizon_years),
    liquidityNeeds: text(a?.ria_liquidity_needs),
    federalTaxBracket: text(a?.ria_federal_effective_tax_rate),
    state: text(a?.ria_state),
    acknowledged: false,
  };
}

/** Valid answers → the account's RIA fields for PUT /api/accounts/{accountId} and the tax form. */
export function accountFieldsFromRia(v: RiaAnswersForm): RiaAccountFields {
  return {
    ria_primary_goal: v.primaryGoal,
    ria_risk_score: Number(v.riskScore),
    ria_loss_capacity_percent: Number(v.lossCapacity),
    ria_time_horizon_years: v.horizonYears,
    ria_liquidity_needs: v.liquidityNeeds,
    ria_federal_effective_tax_rate: v.federalTaxBracket,
    ria_state: v.state,
  };
}

export interface RiaFormViewProps {
  initial: RiaValues;
  enums: readonly EnumItem[];
  saving: boolean;
  downloading: boolean;
  /** `onSessionEnded`: for the save to call when the session ended (keeps the answers). */
  onSubmit(values: RiaForm, onSessionEnded: () => void): void;
  /** Downloads the tax form printing these answers; resolves whether it was saved. */
  onDownloadTaxForm(answers: RiaAccountFields): Promise<boolean>;
}

/** Under the box until the form is downloaded: why it cannot be ticked yet. */
/** @internal */ export const ACKNOWLEDGE_AFTER_DOWNLOAD =
  "Download the tax form first; then you can acknowledge its receipt.";
/** Under the box once an answer differs from those the downloaded form prints. */
/** @internal */ export const ACKNOWLEDGE_AFTER_CHANGE =
  "Your answers changed since the download: download the tax form again, then acknowledge its receipt.";
/** Beside Download when an answer is missing or wrong: the form prints all seven. */
/** @internal */ export const ANSWER_BEFORE_DOWNLOAD =
  "Answer all seven questions first: the tax form prints your answers.";

export function RiaFormView({ initial, enums, saving, downloading, onSubmit, onDownloadTaxForm }: RiaFormViewProps) {
  const form = useZodForm<RiaValues>(riaForm, initial, { showErrors: "changed" });
  const kept = useKeptEdits(form, "ria", "your risk questionnaire", ["acknowledged"]);
  useUnsavedChangesGuard(form.dirty && !saving);
  const answers = riaAnswersForm.safeParse(form.values);
  const onScreen = answers.success ? JSON.stringify(accountFieldsFromRia(answers.data)) : null;
  /** The answers the downloaded form prints (JSON of the API's fields), null before a download. */
  const [downloaded, setDownloaded] = useState<string | null>(null);
  const [unanswered, setUnanswered] = useState(false);
  const matches = onScreen !== null && onScreen === downloaded;
  const { set } = form;
  const acknowledged = form.values.acknowledged;
  useEffect(() => {
    if (!matches && acknowledged) set("acknowledged", false);
  }, [matches, acknowledged, set]);
  const submit = () => {
    const parsed = riaForm.safeParse(form.values);
    if (parsed.success) onSubmit(parsed.data, kept.keep);
    else form.touchAll();
  };
  const download = async () => {
    setUnanswered(!answers.success);
    if (!answers.success) return form.touchAll();
    const fields = accountFieldsFromRia(answers.data);
    if (await onDownloadTaxForm(fields)) setDownloaded(JSON.stringify(fields));
  };
  return (
    <EditForm label="Risk questionnaire" saving={saving} doneDisabled={!form.values.acknowledged} onDone={submit}>
      <KeptEditsRestored restored={kept.restored} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {RIA_QUESTIONS.map((q) =>
          q.category ? (
            <EnumSelect
              key={q.name}
              label={q.label}
              field={form.field(q.name)}
              options={enumOptions(enums, q.category)}
              disabled={saving}
              hint={q.hint}
            />
          ) : q.name === "riskScore" ? (
            <ScaleField
              key={q.name}
              label={q.label}
              field={form.field(q.name)}
              min={LIMITS.riskScoreMin}
              max={LIMITS.riskScoreMax}
              lowLabel={RISK_SCALE.low}
              highLabel={RISK_SCALE.high}
              hint={q.hint}
              disabled={saving}
            />
          ) : (
            <BoundTextField
              key={q.name}
              label={q.label}
              field={form.field(q.name)}
              inputMode="numeric"
              autoComplete="off"
              disabled={saving}
              hint={q.hint}
            />
          ),
        )}
      </div>
      <div className="flex flex-col gap-3 rounded-lg border border-divider p-4">
        <p className="text-sm text-secondary">
          Download the tax information form, read it, and acknowledge that you have received it.
        </p>
        {/* aria-disabled, not disabled, while it downloads: a disabled button would drop the
            keyboard focus to the page's start. */}
        <Button
          variant="outlined"
          className="self-start"
          aria-disabled={downloading || undefined}
          aria-describedby={unanswered && !answers.success ? "ria-answer-first" : undefined}
          onClick={downloading ? undefined : () => void download()}
        >
          {downloading ? "Downloading..." : "Download tax form"}
        </Button>
        {unanswered && !answers.success ? (
          <p id="ria-answer-first" role="alert" className="text-sm text-error">
            {ANSWER_BEFORE_DOWNLOAD}
          </p>
        ) : null}
        <CheckboxField
          label="Acknowledge receipt"
          check={form.check("acknowledged")}
          disabled={saving || !matches}
          hint={matches ? undefined : downloaded ? ACKNOWLEDGE_AFTER_CHANGE : ACKNOWLEDGE_AFTER_DOWNLOAD}
        />
      </div>
    </EditForm>
  );
}
