// PLACEHOLDER — replaced by the backend work (issue 2): builds the Fastify app and listens.
import type { Config } from "./config";
export async function startApp(_config: Config, _opts: { quiet?: boolean } = {}): Promise<{ url: string; close(): Promise<void> }> {
  throw new Error("app not implemented yet");
}
