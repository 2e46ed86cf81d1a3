// Theme mode (requirements §4): light unless a saved preference exists; the toggle flips and saves it.
// Saved as { "data": "light" | "dark" } under THEME_STORAGE_KEY.
import { atom } from "jotai";
import { readJson, writeJson } from "@/lib/storage";

export type ThemeMode = "light" | "dark";
export const THEME_STORAGE_KEY = "appThemeMode";

function isSaved(v: unknown): v is { data: ThemeMode } {
  return (
    typeof v === "object" &&
    v !== null &&
    ((v as { data?: unknown }).data === "light" || (v as { data?: unknown }).data === "dark")
  );
}

export function readSavedTheme(): ThemeMode {
  return readJson(THEME_STORAGE_KEY, isSaved)?.data ?? "light";
}

export function applyTheme(mode: ThemeMode): void {
  document.documentElement.dataset.theme = mode;
  document.documentElement.style.colorScheme = mode;
}

const baseThemeAtom = atom<ThemeMode>(readSavedTheme());

export const themeAtom = atom(
  (get) => get(baseThemeAtom),
  (_get, set, mode: ThemeMode) => {
    set(baseThemeAtom, mode);
    writeJson(THEME_STORAGE_KEY, { data: mode });
    applyTheme(mode);
  },
);

export const toggleThemeAtom = atom(null, (get, set) => set(themeAtom, get(themeAtom) === "light" ? "dark" : "light"));
