// The auth client arrives after the first render (docs/decisions/0140): a page that can hold no
// session shows /sign-in without waiting for it; a page that may hold one (marked by theme-init.js,
// whose own test covers what it looks for) waits.
import { act, renderHook, waitFor } from "@testing-library/react";
import { createStore, Provider } from "jotai";
import type { ReactNode } from "react";
import { beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";

// Each test starts before any auth client exists, as a fresh page does.
beforeEach(() => vi.resetModules());

async function renderListener() {
  // A fresh module graph: the settings main.tsx sets before rendering.
  const env = await import("@/lib/env");
  env.setAppSettings(env.LOCAL_DEFAULTS);
  const { useAuthListener } = await import("./use-auth-listener");
  const { authReadyAtom, sessionAtom } = await import("@/stores/session");
  const store = createStore();
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  renderHook(() => useAuthListener(), { wrapper });
  return { ready: () => store.get(authReadyAtom), session: () => store.get(sessionAtom) };
}

describe("useAuthListener before the auth client arrives", () => {
  it("an anonymous page is ready at once, and the client is asked once it arrives", async () => {
    const page = await renderListener();
    expect(page.ready()).toBe(true);
    expect(page.session()).toBeNull();
    const { createFakeSupabase } = await import("@/testing/fake-supabase");
    const sb = await act(async () => createFakeSupabase().install());
    await waitFor(() => expect(sb.auth.getSession).toHaveBeenCalled());
    expect(sb.auth.onAuthStateChange).toHaveBeenCalledTimes(1);
  });

  it("a page that may hold a session (theme-init.js's mark) waits for the client before routing", async () => {
    document.documentElement.dataset.maySession = "true";
    onTestFinished(() => void delete document.documentElement.dataset.maySession);
    const page = await renderListener();
    expect(page.ready()).toBe(false);
    const { createFakeSupabase, fakeSession } = await import("@/testing/fake-supabase");
    await act(async () => {
      const sb = createFakeSupabase();
      sb.auth.getSession.mockResolvedValueOnce({ data: { session: fakeSession() }, error: null } as never);
      sb.install();
    });
    await waitFor(() => expect(page.ready()).toBe(true));
    expect(page.session()?.user.id).toBe("user-1");
  });
});
