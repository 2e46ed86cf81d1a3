// Renders UI with the app's providers, a fresh Jotai store and an in-memory location.
import { render } from "@testing-library/react";
import { QueryClient } from "@tanstack/react-query";
import { createStore } from "jotai";
import type { ReactNode } from "react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { AppProviders } from "@/app/providers";

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
    <AppProviders store={store} queryClient={queryClient}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {ui}
      </Router>
    </AppProviders>,
  );
  return { ...result, store, location, queryClient };
}
