// Init scripts run in every frame, including the identity widget's sandboxed iframe, where reading
// localStorage throws: the script gives up quietly there.

/** Page source for an init script whose storage writes are skipped where storage is denied. */
export function storageInitScript(body: string): string {
  return `try { ${body} } catch { /* storage denied in this frame (sandboxed iframe): nothing to seed */ }`;
}
