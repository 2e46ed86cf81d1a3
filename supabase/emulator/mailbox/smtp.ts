// Receives mail over plain SMTP (no auth, no TLS: a local catcher like Mailpit) and stores each
// parsed message.
import { SMTPServer } from "smtp-server";
import type { MessageStore } from "./messages";

export function createSmtpServer(store: MessageStore, quiet: boolean): SMTPServer {
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
