// The limits issue 8 sets for the code (checked by budgets.ts; the API section also uses the ratio
// to decide when to profile automatically).
export const BUDGETS = {
  /** Initial JavaScript of /sign-in, gzip. */
  signInInitialJsGzipBytes: 150 * 1024,
  /** Spawn to every listener answering, on the project's 2-core machine. */
  startupReadyMs: 1500,
  apiP99Ms: 10,
  /** The connection count the API budgets are judged at. */
  apiBudgetConnections: 10,
  /** App req/s ÷ bare Fastify req/s. */
  appBareRatio: 0.35,
} as const;
