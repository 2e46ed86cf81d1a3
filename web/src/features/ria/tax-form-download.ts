// 'Download tax form': POST /api/ria/tax-form.pdf with the answers on screen through the API client,
// so the request carries the bearer token (a plain <a href> would not), then hands the PDF to the
// browser as a download.
import { api } from "@/lib/api-client";
import type { RiaAccountFields } from "./ria-form";

const DEFAULT_TAX_FORM_NAME = "tax-form.pdf";
const REVOKE_AFTER_MS = 40_000;

/** The filename of a Content-Disposition header (attachment; filename="x.pdf"), if any. */
/** @internal */ export function filenameFromDisposition(header: string | null): string | undefined {
  const m = header ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header) : null;
  return m?.[1] ? decodeURIComponent(m[1]) : undefined;
}

export async function fetchTaxForm(answers: RiaAccountFields): Promise<{ blob: Blob; filename: string }> {
  const { data, response } = await api.POST("/api/ria/tax-form.pdf", { body: answers, parseAs: "blob" });
  if (!data) throw new Error("The tax form was empty");
  return {
    blob: data,
    filename: filenameFromDisposition(response.headers.get("content-disposition")) ?? DEFAULT_TAX_FORM_NAME,
  };
}

/** Saves a blob under a name through a temporary object URL and link. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  a.rel = "noopener";
  document.body.append(a);
  a.click();
  a.remove();
  // The browser reads the blob after the click returns, slowly on a busy machine: revoked at the
  // next tick, a download could end empty. 40 s is FileSaver.js's margin.
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
