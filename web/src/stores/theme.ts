// Theme mode (requirements §4): a saved preference wins, else the system's (prefers-color-scheme), which
// is followed while nothing is saved; the toggle flips it and saves it. Saved as
// { "data": "light" | "dark" } under THEME_STORAGE_KEY (docs/decisions/0194).
import { atom } from "jotai";
import { readJson, writeJson } from "@/lib/storage";

export type ThemeMode = "light" | "dark";
/** @internal */ export const THEME_STORAGE_KEY = "appThemeMode";

function isSaved(v: unknown): v is { data: ThemeMode } {
  return (
    typeof v === "object" &&
    v !== null &&
    ((v as { data?: unknown }).data === "light" || (v as { data?: unknown }).data === "dark")
  );
}

const SYSTEM_DARK = "(prefers-color-scheme: dark)";

function systemTheme(): ThemeMode {
  return typeof window !== "undefined" && window.matchMedia?.(SYSTEM_DARK).matches ? "dark" : "light";
}

/** The theme to start with: the saved preference, else the system's. */
export function readSavedTheme(): ThemeMode {
  return readJson(THEME_STORAGE_KEY, isSaved)?.data ?? systemTheme();
}

export function applyTheme(mode: ThemeMode): void {
  document.documentElement.dataset.theme = mode;
  document.documentElement.style.colorScheme = mode;
}

const baseThemeAtom = atom<ThemeMode>(readSavedTheme());
// While nothing is saved, the system's switch (e.g. at dusk) is followed.
baseThemeAtom.onMount = (set) => {
  const query = typeof window !== "undefined" ? window.matchMedia?.(SYSTEM_DARK) : undefined;
  if (!query) return;
  const follow = () => {
    if (readJson(THEME_STORAGE_KEY, isSaved)) return;
    set(systemTheme());
    applyTheme(systemTheme());
  };
  query.addEventListener("change", follow);
  return () => query.removeEventListener("change", follow);
};

export const themeAtom = atom(
  (get) => get(baseThemeAtom),
  (_get, set, mode: ThemeMode) => {
    set(baseThemeAtom, mode);
    writeJson(THEME_STORAGE_KEY, { data: mode });
    applyTheme(mode);
  },
);

export const toggleThemeAtom = atom(null, (get, set) => set(themeAtom, get(themeAtom) === "light" ? "dark" : "light"));
