import { createStore } from "jotai";
import { describe, expect, it } from "vitest";
import { breakpointAtom, breakpointFor, isLandscapeAtom, viewportAtom } from "./layout";

describe("responsive atoms", () => {
  it("xs below 600, sm 600–1200, lg above 1200", () => {
    expect([375, 599, 600, 1200, 1201].map(breakpointFor)).toEqual(["xs", "xs", "sm", "sm", "lg"]);
  });

  it("derive breakpoint and landscape from the viewport", () => {
    const store = createStore();
    store.set(viewportAtom, { width: 800, height: 600 });
    expect(store.get(breakpointAtom)).toBe("sm");
    expect(store.get(isLandscapeAtom)).toBe(true);
    store.set(viewportAtom, { width: 375, height: 812 });
    expect(store.get(breakpointAtom)).toBe("xs");
    expect(store.get(isLandscapeAtom)).toBe(false);
  });
});
