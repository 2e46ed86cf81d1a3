import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { SAVE_TIMINGS, useSaveFlow } from "@/hooks/use-save-flow";

function setup() {
  const location = memoryLocation({ path: "/create-foundation/1/1", record: true });
  const wrapper = ({ children }: { children: ReactNode }) => <Router hook={location.hook}>{children}</Router>;
  return { location, ...renderHook(() => useSaveFlow(), { wrapper }) };
}

describe("useSaveFlow (requirements §4 saving)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("is busy while saving, clears within 0.5–1 s of success and navigates after about 1 s", async () => {
    expect(SAVE_TIMINGS.loadingClearMs).toBeGreaterThanOrEqual(500);
    expect(SAVE_TIMINGS.loadingClearMs).toBeLessThanOrEqual(1000);
    const { result, location } = setup();
    let finish!: () => void;
    let saved: Promise<boolean> | undefined;
    act(() => {
      saved = result.current.save(() => new Promise<void>((r) => (finish = r)), { to: "/create-foundation/1/2" });
    });
    expect(result.current.saving).toBe(true);
    await act(async () => {
      finish();
      expect(await saved).toBe(true);
    });
    expect(result.current.saving).toBe(true);
    act(() => vi.advanceTimersByTime(SAVE_TIMINGS.loadingClearMs));
    expect(result.current.saving).toBe(false);
    expect(location.history.at(-1)).toBe("/create-foundation/1/1");
    act(() => vi.advanceTimersByTime(SAVE_TIMINGS.navigateMs - SAVE_TIMINGS.loadingClearMs));
    expect(location.history.at(-1)).toBe("/create-foundation/1/2");
  });

  it("on failure stops at once, logs, and stays", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { result, location } = setup();
    await act(async () => {
      expect(await result.current.save(() => Promise.reject(new Error("HTTP 500")), { to: "/", what: "profile" })).toBe(
        false,
      );
    });
    expect(result.current.saving).toBe(false);
    expect(log).toHaveBeenCalledWith("Failed to save profile", "HTTP 500");
    act(() => vi.advanceTimersByTime(5_000));
    expect(location.history).toEqual(["/create-foundation/1/1"]);
    log.mockRestore();
  });
});
