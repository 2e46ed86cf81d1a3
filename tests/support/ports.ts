// A port nothing listens on right now, for a listener a test is about to start.
import net from "node:net";

/**
 * Where picked ports come from: below the kernel's ephemeral range (32768-60999 here), which every
 * `listen(0)` on the machine (servers that take any port, other suites' and other worktrees' runs)
 * and every outgoing connection draws from. A port taken from that range was often taken again
 * between the pick and the bind (EADDRINUSE, CI and local runs alike); below it, only another pick
 * can meet it, at random among ~12,000 ports.
 */
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
      if (attempt >= attempts || !isPortClash(err)) throw err;
    }
  }
}
