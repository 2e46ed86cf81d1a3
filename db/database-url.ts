// A database URL as it may be shown in a message or a log: the password never is.
export function maskDatabaseUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    // Not a URL at all: show none of it, it may still hold a secret.
    return "(not a valid URL)";
  }
}
