// The budgets of docs/performance.md (checked by budgets.ts; the API section also uses the ratio
// to decide when to profile automatically).
export const BUDGETS = {
  /** Initial JavaScript of /sign-in, gzip. */
  signInInitialJsGzipBytes: 150 * 1024,
  /** Spawn to every listener answering, on the project's 2-core machine. */
  startupReadyMs: 1500,
  apiP99Ms: 10,
  /** The connection count the API budgets are judged at. */
  apiBudgetConnections: 10,
  /** all_data req/s ÷ bare Fastify req/s. */
  appBareRatio: 0.35,
  /**
   * PUT person req/s ÷ the bare write route's (Fastify PUT + one prepared SQLite UPDATE) in the same
   * run. The write budget is judged against this floor (decision 0003): no write route can reach 0.35 of a
   * constant route on this machine (docs/decisions/0003-put-budget.md).
   */
  putWriteFloorRatio: 0.3,
  /** On PostgreSQL at apiBudgetConnections: p99 of all_data and of PUT person. */
  postgresP99Ms: 15,
  /** On PostgreSQL: all_data req/s ÷ the bare route doing one SELECT on the same pool, same run. */
  postgresAllDataFloorRatio: 0.5,
  /** all_data req/s with METRICS_PORT set ÷ unset, same run: metrics cost at most 10 %. */
  observabilityRatio: 0.9,
} as const;
