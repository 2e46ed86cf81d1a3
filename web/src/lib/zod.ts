// The web bundle's "zod" (web/vite.config.ts): zod without its JIT, set before any schema is built.
// The JIT probes `new Function`, which the CSP refuses; Firefox reports the refusal as a console error.
import { z } from "zod/v4";

z.config({ jitless: true });

export { z };
