// App-wide providers: one Jotai store, one QueryClient (requirements §9 defaults), the error boundary.
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { Provider as JotaiProvider } from "jotai";
import { useState, type ReactNode } from "react";
import { ErrorBoundary } from "@/components/ui/error-boundary";
import { createQueryClient } from "@/lib/query-client";

type JotaiStore = NonNullable<Parameters<typeof JotaiProvider>[0]["store"]>;

export function AppProviders({
  children,
  queryClient,
  store,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  store?: JotaiStore;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <JotaiProvider store={store}>
      <QueryClientProvider client={client}>
        <ErrorBoundary onReset={() => client.resetQueries()}>{children}</ErrorBoundary>
      </QueryClientProvider>
    </JotaiProvider>
  );
}
