// A port nothing listens on right now, for a listener a test is about to start.
import net from "node:net";

/** Below the kernel's ephemeral range, which every listen(0) and outgoing connection draws from. */
const PICK_FROM = 20_000;
const PICK_TO = 32_767;

/** Ports this process handed out: parallel picks (a stack takes five at once) never get the same one. */
const handedOut = new Set<number>();

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.unref();
    srv.once("error", () => resolve(false));
    srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(true)));
  });
}

function kernelPort(): Promise<number> {
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

export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = PICK_FROM + Math.floor(Math.random() * (PICK_TO - PICK_FROM + 1));
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    if (await canListen(port)) return port;
  }
  // Practically never: the range is busy; let the kernel pick.
  return kernelPort();
}

/** A listener's refusal to bind a taken port: Node's EADDRINUSE, PostgreSQL's and PgBouncer's words for it. */
function isPortClash(err: unknown): boolean {
  return /EADDRINUSE|Address already in use|could not bind/i.test(String((err as Error | undefined)?.message ?? err));
}

/** Runs `start` again when a listener meets EADDRINUSE (another process took a picked port first). */
export async function retryOnPortClash<T>(start: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start();
    } catch (err) {
      if (attempt >= attempts || !isPortClash(err)) throw err;
    }
  }
}
