// A database URL as a message or log may show it: credentials in the user-info and in query
// parameters (password, sslpassword, a provider's key or token) masked.
const SECRET_PARAM = /pass|pwd|secret|token|key|credential|auth/i;
const MASK = "***";

export function maskDatabaseUrl(url: string | undefined): string {
  if (url === undefined || url === "") return "(not set)";
  try {
    const u = new URL(url);
    if (u.password) u.password = MASK;
    for (const name of [...u.searchParams.keys()]) if (SECRET_PARAM.test(name)) u.searchParams.set(name, MASK);
    // URLSearchParams percent-encodes the mask; shown as typed, it reads as a mask.
    return u.toString().replace(/%2A%2A%2A/g, MASK);
  } catch {
    // Not a URL at all (a libpq key=value string, a typo): show none of it, it may still hold a secret.
    return "(not a valid URL)";
  }
}

/** A message that may quote the URL (a driver's parse error): every copy of it masked. */
export function maskDatabaseUrlIn(message: string, url: string | undefined): string {
  return url ? message.split(url).join(maskDatabaseUrl(url)) : message;
}
