// The providers every screen needs, sign-in included: one Jotai store and the error boundary. The
// query client is the signed-in screens' own (signed-in-data.ts, in their lazy chunk), so the sign-in
// path loads no query library.
import { Provider as JotaiProvider } from "jotai";
import type { ReactNode } from "react";
import { ErrorBoundary } from "@/components/ui/error-boundary";

export type JotaiStore = NonNullable<Parameters<typeof JotaiProvider>[0]["store"]>;

export function CoreProviders({
  children,
  store,
  onReset,
}: {
  children: ReactNode;
  store?: JotaiStore;
  onReset?: () => void;
}) {
  return (
    <JotaiProvider store={store}>
      <ErrorBoundary onReset={onReset}>{children}</ErrorBoundary>
    </JotaiProvider>
  );
}
