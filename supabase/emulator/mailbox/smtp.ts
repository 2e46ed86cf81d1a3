// Receives mail over plain SMTP (no auth, no TLS: a local catcher like Mailpit) and stores each
// parsed message. The port listens from the start; smtp-server loads with the first connection.
import net from "node:net";
import type { SMTPServer } from "smtp-server";
import type { MessageStore } from "./messages";

async function createSmtpServer(store: MessageStore, quiet: boolean): Promise<SMTPServer> {
  const { SMTPServer } = await import("smtp-server");
  return new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        // mailparser is loaded with the first message, not at start (it is slow to load).
        import("mailparser")
          // A CommonJS package: its exports are `default` under Node's interop, bundled (dist/) or not.
          .then(({ default: mailparser }) => mailparser.simpleParser(raw))
          .then((parsed) => {
            const m = store.add(
              parsed,
              session.envelope.rcptTo.map((r) => r.address),
              raw.length,
            );
            if (!quiet) console.log(`[mail] ${m.Subject} → ${m.To.map((a) => a.Address).join(", ")}`);
            callback();
          })
          .catch((err: Error) => callback(err));
      });
      stream.on("error", (err: Error) => callback(err));
    },
  });
}

interface SmtpListener {
  port: number;
  close(): Promise<void>;
}

/** Listens on `port` (0 = any free one); each connection is handed to smtp-server's session. */
export async function listenSmtp(store: MessageStore, quiet: boolean, port: number, host: string) {
  let smtp: Promise<SMTPServer> | undefined;
  const server = net.createServer((socket) => {
    // Until smtp-server takes the socket over, a client's reset must not be an unhandled error.
    socket.on("error", () => socket.destroy());
    smtp ??= createSmtpServer(store, quiet);
    smtp.then(
      (s) => socket.destroyed || s.connect(socket),
      () => socket.destroy(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return {
    port: (server.address() as net.AddressInfo).port,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      const s = await smtp?.catch(() => undefined);
      await new Promise<void>((resolve) => (s ? s.close(() => resolve()) : resolve()));
      await closed;
    },
  } satisfies SmtpListener;
}
