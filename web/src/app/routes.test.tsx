import { render, screen, waitFor } from "@testing-library/react";
import { Suspense } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { lazyScreen } from "./routes";

afterEach(() => vi.restoreAllMocks());

function mockReload() {
  const reload = vi.fn();
  vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, reload } as Location);
  return reload;
}

describe("lazyScreen", () => {
  it("reloads the page once when a screen chunk is gone (the site was redeployed)", async () => {
    const reload = mockReload();
    const Screen = lazyScreen(() => Promise.reject(new TypeError("Failed to fetch dynamically imported module")));
    render(
      <Suspense fallback={<p>waiting</p>}>
        <Screen />
      </Suspense>,
    );
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(sessionStorage.getItem("chunkReloadAttempted")).toBe("1");
  });

  it("loads normally and clears the reload marker", async () => {
    sessionStorage.setItem("chunkReloadAttempted", "1");
    const Screen = lazyScreen(async () => ({ default: () => <p>screen</p> }));
    render(
      <Suspense fallback={<p>waiting</p>}>
        <Screen />
      </Suspense>,
    );
    expect(await screen.findByText("screen")).toBeInTheDocument();
    expect(sessionStorage.getItem("chunkReloadAttempted")).toBeNull();
  });
});
