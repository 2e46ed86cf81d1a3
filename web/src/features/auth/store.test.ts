// The gate's choices belong to the founder, not the tab: Skip in another tab reaches this one.
import { act } from "@testing-library/react";
import { createStore } from "jotai";
import { describe, expect, it } from "vitest";
import { fakeSession } from "@/testing/fake-supabase";
import { sessionAtom } from "@/stores/session";
import { MFA_SKIPPED_KEY, mfaSkippedAtom } from "./store";

describe("mfaSkippedAtom", () => {
  it("follows a Skip (and a sign-out) made in another tab, through the storage event", () => {
    const store = createStore();
    store.set(sessionAtom, fakeSession());
    const seen: boolean[] = [];
    const unsubscribe = store.sub(mfaSkippedAtom, () => seen.push(store.get(mfaSkippedAtom)));
    expect(store.get(mfaSkippedAtom)).toBe(false);
    // What the other tab's Skip writes; this tab only hears of it through the event.
    act(() => {
      localStorage.setItem(MFA_SKIPPED_KEY, "user-1");
      window.dispatchEvent(new StorageEvent("storage", { key: MFA_SKIPPED_KEY, newValue: "user-1" }));
    });
    expect(store.get(mfaSkippedAtom)).toBe(true);
    act(() => {
      localStorage.removeItem(MFA_SKIPPED_KEY);
      window.dispatchEvent(new StorageEvent("storage", { key: MFA_SKIPPED_KEY, newValue: null }));
    });
    expect(store.get(mfaSkippedAtom)).toBe(false);
    expect(seen).toEqual([true, false]);
    unsubscribe();
  });
});
