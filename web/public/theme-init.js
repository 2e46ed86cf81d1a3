// Applies the saved theme (requirements §4) before the first paint, so dark-theme users never see the
// light theme flash while the app's module loads. It is a file, not an inline script, because the
// Content-Security-Policy allows scripts from 'self' only. Same key and { "data": mode } wrapper
// as web/src/stores/theme.ts, which validates the value again when the app starts.
/* global document */
(function applySavedTheme() {
  try {
    var saved = JSON.parse(localStorage.getItem("appThemeMode") || "null");
    if (saved && (saved.data === "dark" || saved.data === "light")) {
      document.documentElement.dataset.theme = saved.data;
      document.documentElement.style.colorScheme = saved.data;
    }
  } catch {
    // Storage denied or the value unreadable: the light default stays, the app sorts it out.
  }
})();
