// Responsive state (requirements §2): extra-small below 600 px, small 600–1200, large above 1200, and a
// landscape flag when the width exceeds the height. Kept current by useViewportTracking().
import { atom, useSetAtom } from "jotai";
import { useEffect } from "react";

export type Breakpoint = "xs" | "sm" | "lg";
const BREAKPOINTS = { sm: 600, lg: 1200 } as const;

/** @internal */ export function breakpointFor(width: number): Breakpoint {
  if (width < BREAKPOINTS.sm) return "xs";
  if (width <= BREAKPOINTS.lg) return "sm";
  return "lg";
}

export interface Viewport {
  width: number;
  height: number;
}

/** @internal */ export const viewportAtom = atom<Viewport>({
  width: typeof window === "undefined" ? 1280 : window.innerWidth,
  height: typeof window === "undefined" ? 800 : window.innerHeight,
});
/** @internal */ export const breakpointAtom = atom((get) => breakpointFor(get(viewportAtom).width));
/** @internal */ export const isLandscapeAtom = atom((get) => get(viewportAtom).width > get(viewportAtom).height);
export const isLgAtom = atom((get) => get(breakpointAtom) === "lg");

export function useViewportTracking(): void {
  const setViewport = useSetAtom(viewportAtom);
  useEffect(() => {
    const update = () => setViewport({ width: window.innerWidth, height: window.innerHeight });
    update();
    window.addEventListener("resize", update);
    return () => window.removeEventListener("resize", update);
  }, [setViewport]);
}
