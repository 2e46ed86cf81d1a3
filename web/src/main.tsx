// Start-up: apply the saved theme, choose the backend settings by host, make the auth client,
// then render — or a configuration error screen when production settings are missing.
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
// Roboto (§9) served by the app itself, latin subset, the two weights the theme uses (normal and
// medium): no external font host, so the CSP's font-src stays 'self'.
import "@fontsource/roboto/latin-400.css";
import "@fontsource/roboto/latin-500.css";
import "./index.css";
import { App } from "./app/app";
import { ConfigErrorScreen } from "./app/config-error-screen";
import { loadSettings, setAppSettings } from "./lib/env";
import { createSupabaseClient, setSupabaseClient } from "./lib/supabase";
import { applyTheme, readSavedTheme } from "./stores/theme";

async function start(): Promise<void> {
  applyTheme(readSavedTheme());
  const root = createRoot(document.getElementById("root")!);
  const result = await loadSettings();
  if (!result.ok) {
    root.render(<ConfigErrorScreen missing={result.missing} />);
    return;
  }
  setAppSettings(result.settings);
  setSupabaseClient(createSupabaseClient(result.settings));
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
