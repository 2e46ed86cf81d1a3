// Starts the app listener on config.host:config.ports.app (used by scripts/stack.ts for
// `npm start`, `npm run dev` and the test stacks). Closing it drains: readiness turns 503 at once
// while requests are still served for config.shutdownDelayMs (a balancer probing readiness stops
// sending new ones), then the listener stops accepting and the requests in flight finish.
import type { Config } from "./config";
import { buildApp } from "./app";

export async function startApp(
  config: Config,
  opts: { quiet?: boolean } = {},
): Promise<{ url: string; close(): Promise<void> }> {
  const app = await buildApp(config, { quiet: opts.quiet });
  await app.listen({ host: config.host, port: config.ports.app });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.ports.app;
  // Node's fetch may resolve "localhost" to ::1 first, where nothing listens: name the bound address.
  const host = config.host === "0.0.0.0" || config.host === "::" ? "127.0.0.1" : config.host;
  const close = async () => {
    app.draining = true;
    if (config.shutdownDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs));
    await app.close();
  };
  return { url: `http://${host}:${port}`, close };
}
