// `npm start` entry: the node side (scripts/start.ts and everything it imports) as one bundle,
// built once and rebuilt only when a source file is newer (scripts/node-bundle.mjs). `npm run
// start:tsx` runs the same code through tsx, without the bundle.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { bundledEntry } from "./node-bundle.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
await import(pathToFileURL(await bundledEntry(path.join(root, "scripts/start.ts"))).href);
