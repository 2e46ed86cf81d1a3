// GoTrue's redirect allow-list (utilities/request.go IsRedirectURLValid and GetReferrer): SITE_URL, a
// loopback IP, or an additional_redirect_urls glob; anything else falls back to the Referer, then SITE_URL.
import type { AuthSettings } from "./settings";

const LOOPBACK_IPS = new Set(["127.0.0.1", "[::1]", "::1"]);

function globToRegExp(glob: string): RegExp {
  let re = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] as string;
    if (c === "*" && glob[i + 1] === "*") {
      re += ".*";
      i++;
    } else if (c === "*") re += "[^./]*";
    else if (c === "?") re += "[^./]";
    else re += c.replace(/[\\^$+?.()|[\]{}]/g, "\\$&");
  }
  return new RegExp(`^${re}$`);
}

const DECIMAL_IP = /^[0-9]+$/;
const REGULAR_HOSTNAME = /^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$/;
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

const isLoopbackIp = (host: string) => LOOPBACK_IPS.has(host) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
const isLocalhost = (host: string) => host === "localhost" || isLoopbackIp(host);

/**
 * The host as written. WHATWG URL parsing rewrites hosts (http://2130706433/ becomes 127.0.0.1),
 * while GoTrue judges the host as Go's url.Parse leaves it, so the checks use the raw text too.
 */
function rawHost(candidate: string): string {
  const m = candidate.match(/^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)/i);
  return (m?.[1] ?? "").toLowerCase();
}

/** Text a browser and a plain reading split differently (`http://evil.example\@localhost/`) is refused. */
function isAmbiguous(candidate: string, url: URL): boolean {
  if (candidate.includes("\\")) return true;
  if (url.username || url.password) return true;
  const special = ["http:", "https:", "ws:", "wss:", "ftp:", "file:"].includes(url.protocol);
  return special && rawHost(candidate) !== url.hostname;
}

export class RedirectPolicy {
  private readonly site: URL;
  private readonly patterns: RegExp[];
  readonly siteUrl: string;

  constructor(settings: Pick<AuthSettings, "siteUrl" | "additionalRedirectUrls">) {
    this.siteUrl = settings.siteUrl;
    this.site = new URL(settings.siteUrl);
    this.patterns = settings.additionalRedirectUrls.map(globToRegExp);
  }

  isAllowed(candidate: string): boolean {
    // Control characters and spaces are never valid, and browsers strip some of them silently.
    if (!candidate || [...candidate].some((c) => c.charCodeAt(0) <= 0x20 || c.charCodeAt(0) === 0x7f)) return false;
    let url: URL | undefined;
    try {
      url = new URL(candidate);
    } catch {
      // An unparsable http(s) URL could hide an address; other schemes may still match the list.
      if (/^https?:/i.test(candidate)) return false;
    }
    if (url) {
      if (isAmbiguous(candidate, url)) return false;
      const host = url.hostname;
      // Back to the site: same scheme, host and port (any port on a loopback host, RFC 8252 §7.3).
      if (
        host === this.site.hostname &&
        url.protocol === this.site.protocol &&
        (url.port === this.site.port || isLocalhost(host))
      )
        return true;
      if (DECIMAL_IP.test(host)) return false;
      if (IPV4.test(host) || host.startsWith("[")) return isLoopbackIp(host);
      if ((url.protocol === "http:" || url.protocol === "https:") && !REGULAR_HOSTNAME.test(host)) return false;
    }
    // Patterns are matched against the parsed URL (what the browser will load), not the raw text.
    const target = url && url.origin !== "null" ? url.href : candidate;
    const withoutFragment = target.split("#")[0] ?? target;
    return this.patterns.some((p) => p.test(withoutFragment));
  }

  /** The redirect to use: the requested one if allowed, else the Referer if allowed, else SITE_URL. */
  resolve(requested: string | undefined, referer?: string): string {
    if (requested && this.isAllowed(requested)) return requested;
    if (referer && this.isAllowed(referer)) return referer;
    return this.siteUrl;
  }
}
