// Types of scripts/node-bundle.mjs (plain JavaScript: `npm start` runs it before any TypeScript loader).
/** The bundle of a node-side entry (absolute path), built when missing or stale; returns the bundle's path. */
export function bundledEntry(entry: string): Promise<string>;
