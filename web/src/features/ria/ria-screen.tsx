// /ria (requirements §2 "RIA Risk Advisor"): the questionnaire, saved to the account with
// PUT /api/accounts/{accountId}; toasts 'RIA information updated successfully' /
// 'Failed to update RIA information' (§8).
import { useState } from "react";
import type { RiaForm } from "@contract/forms";
import { useToast } from "@/components/ui/toast";
import { updateAccount, useAccountId, useAccountMutation, useAllData, useEnums } from "@/api";
import { useSaveAndReturn } from "@/hooks/use-save-and-return";
import { DataGate, EditScreen } from "@/components/layout/edit-layout";
import { accountFieldsFromRia, riaValuesFromAccount, RiaFormView, type RiaAccountFields } from "./ria-form";
import { fetchTaxForm, saveBlob } from "./tax-form-download";

const RIA_TOASTS = {
  saved: "RIA information updated successfully",
  failed: "Failed to update RIA information",
  download: "Failed to download tax form",
} as const;

export default function RiaScreen() {
  const accountId = useAccountId();
  const allData = useAllData();
  const enums = useEnums();
  const toast = useToast();
  const flow = useSaveAndReturn("RIA information", RIA_TOASTS);
  const mutation = useAccountMutation((v: RiaForm) => updateAccount(accountId.data!, accountFieldsFromRia(v)));
  const [downloading, setDownloading] = useState(false);

  async function save(values: RiaForm, onSessionEnded: () => void) {
    await flow.saveAndReturn(() => mutation.mutateAsync(values), onSessionEnded);
  }

  async function download(answers: RiaAccountFields): Promise<boolean> {
    setDownloading(true);
    try {
      const { blob, filename } = await fetchTaxForm(answers);
      saveBlob(blob, filename);
      return true;
    } catch (err) {
      console.error("Failed to download tax form", err instanceof Error ? err.message : err);
      toast.error(RIA_TOASTS.download);
      return false;
    } finally {
      setDownloading(false);
    }
  }

  const error = accountId.error ?? allData.error ?? enums.error;
  return (
    <EditScreen title="RIA Risk Advisor" subtitle="Tell us about your goals and how much risk you can take.">
      <DataGate
        loading={!allData.data || !enums.data}
        error={error}
        onRetry={() => {
          void allData.refetch();
          void enums.refetch();
        }}
      >
        {allData.data && enums.data ? (
          <RiaFormView
            key={allData.data.account.account_id}
            initial={riaValuesFromAccount(allData.data.account)}
            enums={enums.data}
            saving={flow.saving}
            downloading={downloading}
            onSubmit={(v, onSessionEnded) => void save(v, onSessionEnded)}
            onDownloadTaxForm={download}
          />
        ) : null}
      </DataGate>
    </EditScreen>
  );
}
