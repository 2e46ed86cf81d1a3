// A port nothing listens on right now, for a listener a test is about to start.
import net from "node:net";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Runs `start` (which picks its ports with freePort) again when a listener meets EADDRINUSE: a
 * port is free when picked and bound a moment later, and with test files running side by side
 * another process can take it in between. Up to `attempts` tries; any other failure is thrown.
 */
export async function retryOnPortClash<T>(start: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start();
    } catch (err) {
      if (attempt >= attempts || !String((err as Error).message).includes("EADDRINUSE")) throw err;
    }
  }
}
