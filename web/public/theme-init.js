// Applies the theme (requirements §4: a saved preference, else the system's) before the first paint,
// so dark-theme users never see the light theme flash while the app's module loads. It is a file,
// not an inline script, because the Content-Security-Policy allows scripts from 'self' only. Same
// key and { "data": mode } wrapper as web/src/stores/theme.ts, which validates it again at start.
/* global document, location, window */
(function applySavedTheme() {
  try {
    var saved = JSON.parse(localStorage.getItem("appThemeMode") || "null");
    var mode =
      saved && (saved.data === "dark" || saved.data === "light")
        ? saved.data
        : window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches
          ? "dark"
          : "light";
    document.documentElement.dataset.theme = mode;
    document.documentElement.style.colorScheme = mode;
  } catch {
    // Storage denied or the value unreadable: the light default stays, the app sorts it out.
  }
})();

// The sign-in card prerendered in index.html is right for a visitor without a session. A page that may
// hold one (a stored auth session, or one arriving in the URL from a mail link) first shows
// 'Loading' instead: the card is hidden there (index.css), so it does not flash before it.
(function markPossibleSession() {
  try {
    var url = location.search + location.hash;
    var stored = Object.keys(localStorage).some(function (key) {
      return /^sb-.*-auth-token$/.test(key);
    });
    if (stored || /(^|[#&?])(access_token|refresh_token|error|error_description|code)=/.test(url)) {
      document.documentElement.dataset.maySession = "true";
    }
  } catch {
    document.documentElement.dataset.maySession = "true";
  }
})();
