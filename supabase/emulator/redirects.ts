// GoTrue's redirect allow-list (utilities/request.go IsRedirectURLValid and GetReferrer):
// a redirect is honoured when it is on SITE_URL's host (port ignored for localhost), on any
// loopback IP, or matches an additional_redirect_urls glob ('.' and '/' separate segments,
// '*' stays within a segment, '**' crosses them). Anything else falls back to SITE_URL.
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
    let url: URL;
    try {
      url = new URL(candidate);
    } catch {
      return false;
    }
    if (LOOPBACK_IPS.has(url.hostname)) return true;
    const localSite = this.site.hostname === "localhost" || LOOPBACK_IPS.has(this.site.hostname);
    if (url.protocol === this.site.protocol && (localSite ? url.hostname === this.site.hostname : url.host === this.site.host)) return true;
    return this.patterns.some((p) => p.test(candidate));
  }

  /** The redirect to use: the requested one if allowed, else the Referer if allowed, else SITE_URL. */
  resolve(requested: string | undefined, referer?: string): string {
    if (requested && this.isAllowed(requested)) return requested;
    if (referer && this.isAllowed(referer)) return referer;
    return this.siteUrl;
  }
}
