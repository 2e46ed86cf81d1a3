// Vitest "web" project setup: jest-dom matchers, and a clean DOM and storage between tests.
import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { LOCAL_DEFAULTS, setAppSettings } from "./lib/env";

// As main.tsx does before the first render: components read the settings (help link, identity URL).
setAppSettings(LOCAL_DEFAULTS);

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
