// Renders UI with the app's providers (the core ones and a query client, which the running app adds
// in its lazy signed-in shell), a fresh Jotai store and an in-memory location.
import { render } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createStore } from "jotai";
import type { ReactNode } from "react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { CoreProviders } from "@/app/core-providers";

type Store = ReturnType<typeof createStore>;

/** `init` seeds atoms before the first render (as start-up state would be). */
export function renderWithApp(
  ui: ReactNode,
  { path = "/", init }: { path?: string; init?: (store: Store) => void } = {},
) {
  const store = createStore();
  init?.(store);
  const location = memoryLocation({ path, record: true });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <CoreProviders store={store} onReset={() => void queryClient.resetQueries()}>
      <QueryClientProvider client={queryClient}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          {ui}
        </Router>
      </QueryClientProvider>
    </CoreProviders>,
  );
  return { ...result, store, location, queryClient };
}
