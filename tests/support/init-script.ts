// Init scripts run in every frame of a context, including sandboxed iframes (the identity
// widget's) where merely reading localStorage throws "Failed to read the 'localStorage'
// property". Seeding storage there is pointless, so the script gives up quietly in such frames.

/** Page source for an init script whose storage writes are skipped where storage is denied. */
export function storageInitScript(body: string): string {
  return `try { ${body} } catch { /* storage denied in this frame (sandboxed iframe): nothing to seed */ }`;
}
