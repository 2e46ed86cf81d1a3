// web/public/theme-init.js runs before the app (index.html) so a saved dark theme paints dark at once.
import source from "../../public/theme-init.js?raw";
import { afterEach, describe, expect, it } from "vitest";
import { THEME_STORAGE_KEY } from "@/stores/theme";

function runThemeInit(): void {
  // The file is a plain script; evaluating its text is what the browser does with it.
  new Function(source)();
}

describe("theme-init.js", () => {
  afterEach(() => {
    localStorage.clear();
    document.documentElement.dataset.theme = "light";
    document.documentElement.style.colorScheme = "";
  });

  it("applies the theme saved by the app's toggle", () => {
    localStorage.setItem(THEME_STORAGE_KEY, JSON.stringify({ data: "dark" }));
    runThemeInit();
    expect(document.documentElement.dataset.theme).toBe("dark");
    expect(document.documentElement.style.colorScheme).toBe("dark");
  });

  it("leaves the light default for a missing or malformed value", () => {
    runThemeInit();
    expect(document.documentElement.dataset.theme).toBe("light");
    localStorage.setItem(THEME_STORAGE_KEY, "{not json");
    runThemeInit();
    localStorage.setItem(THEME_STORAGE_KEY, JSON.stringify({ data: "purple" }));
    runThemeInit();
    expect(document.documentElement.dataset.theme).toBe("light");
  });
});
