// Vitest "web" project setup: jest-dom matchers, the scripted API, and a clean DOM, storage and API
// between tests.
import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { LOCAL_DEFAULTS, setAppSettings } from "./lib/env";
import { fakeApi } from "./testing/fake-api";

// As main.tsx does before the first render: components read the settings (help link, identity URL).
setAppSettings(LOCAL_DEFAULTS);

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  fakeApi.reset();
});
