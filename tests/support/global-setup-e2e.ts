// The e2e project's global setup: builds the web bundle once, when stale, before browser files start.
import { ensureWebBuild } from "./web-build";

export default function setup(): void {
  ensureWebBuild();
}
