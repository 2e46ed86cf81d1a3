// The 'Loading...' overlay (requirements §2, ~1 s). useLoadingOverlay().show() displays it for a while;
// <LoadingOverlay /> mounted once in the app renders it; <LoadingScreen /> is the inline variant
// used as a Suspense fallback.
import { atom, useAtomValue, useSetAtom } from "jotai";
import { useCallback } from "react";
import { TIMINGS } from "@/lib/timings";

const overlayCountAtom = atom(0);

export function useLoadingOverlay(): { show: (ms?: number) => void } {
  const setCount = useSetAtom(overlayCountAtom);
  const show = useCallback(
    (ms: number = TIMINGS.loadingOverlayMs) => {
      setCount((c) => c + 1);
      setTimeout(() => setCount((c) => Math.max(0, c - 1)), ms);
    },
    [setCount],
  );
  return { show };
}

export function LoadingOverlay() {
  const count = useAtomValue(overlayCountAtom);
  if (count === 0) return null;
  return (
    <div role="status" aria-live="polite" className="fixed inset-0 z-40 flex items-center justify-center bg-backdrop">
      <div className="rounded bg-paper px-6 py-4 text-base text-primary-text shadow-lg">Loading...</div>
    </div>
  );
}

/** standalone: shown as the whole page (outside the shell), so it is the page's main landmark. */
export function LoadingScreen({ label = "Loading...", standalone = false }: { label?: string; standalone?: boolean }) {
  const status = (
    <div role="status" aria-live="polite" className="flex min-h-[50vh] items-center justify-center text-secondary">
      {label}
    </div>
  );
  return standalone ? <main>{status}</main> : status;
}
