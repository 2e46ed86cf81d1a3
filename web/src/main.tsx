// Start-up: apply the saved theme, choose the backend settings by host, render, and make the auth
// client — or a configuration error screen when production settings are missing.
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
// Roboto (§9) served by the app itself, latin subset, the two weights the theme uses (normal and
// medium): no external font host, so the CSP's font-src stays 'self'.
import "@fontsource/roboto/latin-400.css";
import "@fontsource/roboto/latin-500.css";
import "./index.css";
import { App } from "./app/app";
import { ConfigErrorScreen } from "./app/config-error-screen";
import { reloadOnceForMissingChunk } from "./app/routes";
import { ErrorScreen } from "./components/ui/error-boundary";
import { loadSettings, setAppSettings } from "./lib/env";
import { setSupabaseClient } from "./lib/supabase";
import { applyTheme, readSavedTheme } from "./stores/theme";

async function start(): Promise<void> {
  applyTheme(readSavedTheme());
  // auth-js is fetched now, beside the settings, and the first render does not wait for it: an
  // anonymous /sign-in can be used before it arrives (docs/decisions/0140).
  const authClientModule = import("./lib/supabase-client");
  const root = createRoot(document.getElementById("root")!);
  const result = await loadSettings();
  if (!result.ok) {
    root.render(<ConfigErrorScreen missing={result.missing} />);
    return;
  }
  const { settings } = result;
  setAppSettings(settings);
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  try {
    const { createSupabaseClient } = await authClientModule.catch(reloadOnceForMissingChunk);
    setSupabaseClient(createSupabaseClient(settings));
  } catch (e) {
    console.error("The auth client could not be loaded", e instanceof Error ? e.message : e);
    root.render(<ErrorScreen message="The page could not load completely." onRetry={() => window.location.reload()} />);
  }
}

void start();
