// Whether a CLI start would put the Supabase CLI's public keys on the network: on the public secret
// anyone who can reach the port holds the service key (every install prints it), so the admin API,
// generate_link and /admin/reset are theirs. A loopback address keeps that to this machine.
import net from "node:net";
import { isPublicSecret } from "./api-keys";

export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  if (h === "localhost" || h === "::1") return true;
  const v4 = h.startsWith("::ffff:") ? h.slice(7) : h;
  return net.isIPv4(v4) && v4.startsWith("127.");
}

/** The one-line reason the CLI refuses to start, or undefined when the start is safe or allowed. */
export function publicKeysRefusal(opts: {
  host: string;
  jwtSecret: string | undefined;
  allowPublicKeys: boolean;
}): string | undefined {
  if (
    opts.allowPublicKeys ||
    isLoopback(opts.host) ||
    (opts.jwtSecret !== undefined && !isPublicSecret(opts.jwtSecret))
  )
    return undefined;
  return `refusing to listen on ${opts.host} with the Supabase CLI's public keys (anyone who reaches it gets admin rights): give --jwt-secret=<32+ random characters> (the mailbox, which holds every sign-in link, stays on 127.0.0.1 unless you also give --mail-host and --mail-token), or --allow-public-keys on a network you trust`;
}
