// Every provider a screen may need, in one wrapper: the core ones (Jotai, error boundary) and a query
// client (requirements §9 defaults). The running app composes the same two in two places (core in
// app.tsx, the query client in the lazy signed-in shell); component tests render through this one.
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { createQueryClient } from "@/lib/query-client";
import { CoreProviders, type JotaiStore } from "./core-providers";

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
    <CoreProviders store={store} onReset={() => void client.resetQueries()}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </CoreProviders>
  );
}
