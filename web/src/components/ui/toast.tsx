// Toasts (requirements §2/§8): bottom-left, success or error, gone after 3000 ms by default.
// Features call useToast().success("...") / .error("...").
import { atom, useAtomValue, useSetAtom } from "jotai";
import { useCallback, useMemo } from "react";
import { TIMINGS } from "@/lib/timings";
import { takeFailureReference } from "@/lib/api-client";

type ToastSeverity = "success" | "error";
interface Toast {
  id: number;
  message: string;
  severity: ToastSeverity;
  /** A failed API call's request id, shown as 'Reference: …' for the founder to quote. */
  reference?: string;
}

const toastsAtom = atom<Toast[]>([]);
let nextId = 1;

export function useToast(): {
  success: (message: string, ms?: number) => void;
  error: (message: string, ms?: number) => void;
} {
  const setToasts = useSetAtom(toastsAtom);
  const show = useCallback(
    (severity: ToastSeverity, message: string, ms: number = TIMINGS.toastMs) => {
      const id = nextId++;
      // A failure toast follows the call that failed: it shows that call's reference, if any.
      const reference = severity === "error" ? takeFailureReference() : undefined;
      setToasts((list) => [...list, { id, message, severity, ...(reference ? { reference } : {}) }]);
      setTimeout(() => setToasts((list) => list.filter((t) => t.id !== id)), ms);
    },
    [setToasts],
  );
  return useMemo(
    () => ({
      success: (m: string, ms?: number) => show("success", m, ms),
      error: (m: string, ms?: number) => show("error", m, ms),
    }),
    [show],
  );
}

export function Toaster() {
  const toasts = useAtomValue(toastsAtom);
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed bottom-4 left-4 z-50 flex max-w-[calc(100vw-2rem)] flex-col gap-2"
    >
      {toasts.map((t) => (
        <div
          key={t.id}
          role={t.severity === "error" ? "alert" : "status"}
          data-severity={t.severity}
          className={`pointer-events-auto rounded px-4 py-3 text-sm shadow-lg ${
            t.severity === "success" ? "bg-success text-white" : "bg-error-strong text-white"
          }`}
        >
          {/* The message in an element of its own: its text is the toast's words alone, the reference apart. */}
          <p>{t.message}</p>
          {t.reference && <p className="mt-1 text-xs opacity-90">Reference: {t.reference}</p>}
        </div>
      ))}
    </div>
  );
}
