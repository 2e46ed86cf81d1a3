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

  it("follows the system's dark preference when nothing is saved, and a saved light wins over it", () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: query === "(prefers-color-scheme: dark)",
    })) as typeof matchMedia;
    try {
      runThemeInit();
      expect(document.documentElement.dataset.theme).toBe("dark");
      localStorage.setItem(THEME_STORAGE_KEY, JSON.stringify({ data: "light" }));
      runThemeInit();
      expect(document.documentElement.dataset.theme).toBe("light");
    } finally {
      window.matchMedia = matchMedia;
    }
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

  describe("the possible-session mark (hides the prerendered sign-in card)", () => {
    afterEach(() => {
      delete document.documentElement.dataset.maySession;
      window.history.replaceState(null, "", "/");
    });

    it("is absent for a visitor with nothing stored and nothing in the URL", () => {
      runThemeInit();
      expect(document.documentElement.dataset.maySession).toBeUndefined();
    });

    it("is set by a stored auth session", () => {
      localStorage.setItem("sb-127-auth-token", "{}");
      runThemeInit();
      expect(document.documentElement.dataset.maySession).toBe("true");
    });

    it("is set by a session or its error in the URL (a mail link)", () => {
      window.history.replaceState(null, "", "/#access_token=abc&type=signup");
      runThemeInit();
      expect(document.documentElement.dataset.maySession).toBe("true");
      delete document.documentElement.dataset.maySession;
      window.history.replaceState(null, "", "/sign-in?error=access_denied");
      runThemeInit();
      expect(document.documentElement.dataset.maySession).toBe("true");
    });
  });
});
