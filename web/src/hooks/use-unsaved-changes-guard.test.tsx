import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { confirmLeaving, LEAVE_WARNING, useUnsavedChangesGuard } from "./use-unsaved-changes-guard";

afterEach(() => vi.restoreAllMocks());

function Screen({ active, onFollow }: { active: boolean; onFollow(): void }) {
  useUnsavedChangesGuard(active);
  return (
    <div
      onClick={(e) => {
        // Stands in for the router's click handler on the app's root.
        e.preventDefault();
        onFollow();
      }}
    >
      <a href="/ria">Risk management</a>
      <a href="#section">Same page</a>
    </div>
  );
}

describe("useUnsavedChangesGuard", () => {
  it("asks before a link leaves the screen: stay stops the router, leave lets it go", () => {
    const followed = vi.fn();
    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValueOnce(true);
    render(<Screen active onFollow={followed} />);
    fireEvent.click(screen.getByText("Risk management"));
    expect(confirm).toHaveBeenCalledWith(LEAVE_WARNING);
    expect(followed).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText("Risk management"));
    expect(followed).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByText("Same page"));
    expect(confirm).toHaveBeenCalledTimes(2);
  });

  it("asks nothing without changes, and holds a reload only while there are some", () => {
    const confirm = vi.spyOn(window, "confirm");
    const followed = vi.fn();
    const { rerender } = render(<Screen active={false} onFollow={followed} />);
    fireEvent.click(screen.getByText("Risk management"));
    expect(confirm).not.toHaveBeenCalled();
    expect(followed).toHaveBeenCalledTimes(1);
    const unload = () => {
      const event = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    rerender(<Screen active onFollow={followed} />);
    expect(unload()).toBe(true);
  });

  it("asks before the form's own Back or Cancel only while there are changes", () => {
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(false);
    const { rerender, unmount } = render(<Screen active={false} onFollow={vi.fn()} />);
    expect(confirmLeaving()).toBe(true);
    expect(confirm).not.toHaveBeenCalled();
    rerender(<Screen active onFollow={vi.fn()} />);
    expect(confirmLeaving()).toBe(false);
    expect(confirm).toHaveBeenCalledWith(LEAVE_WARNING);
    unmount();
    expect(confirmLeaving()).toBe(true);
  });

  it("asks when the browser's Back leaves the form: stay puts the form's address back before the router sees it", () => {
    window.history.replaceState(null, "", "/edit-daf");
    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValueOnce(true);
    const router = vi.fn();
    window.addEventListener("popstate", router);
    const { unmount } = render(<Screen active onFollow={vi.fn()} />);
    const back = () => {
      window.history.replaceState(null, "", "/");
      window.dispatchEvent(new PopStateEvent("popstate"));
    };
    back();
    expect(router).not.toHaveBeenCalled();
    expect(window.location.pathname).toBe("/edit-daf");
    back();
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(router).toHaveBeenCalledTimes(1);
    expect(window.location.pathname).toBe("/");
    unmount();
    window.removeEventListener("popstate", router);
  });
});
