// vitest global setup of the "e2e" project: the web bundle is built (when missing or older than
// its sources) once, in the main process, before the browser files start side by side — not by
// each file, where two files would write web/dist at the same time.
import { ensureWebBuild } from "./web-build";

export default function setup(): void {
  ensureWebBuild();
}
