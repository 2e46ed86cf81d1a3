// The budgets of docs/performance.md (checked by budgets.ts; the API section also uses the ratio
// to decide when to profile automatically).
export const BUDGETS = {
  /** Initial JavaScript of /sign-in, gzip (decision 0140). */
  signInInitialJsGzipBytes: 100 * 1024,
  /** Lighthouse mobile preset, median of its runs, on /sign-in and a signed-in founder's dashboard. */
  lighthouseMobileScoreMin: 95,
  /** Lighthouse mobile Total Blocking Time, median, on both pages. */
  lighthouseMobileTbtMs: 50,
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
  /** all_data req/s with request ids and metrics ÷ without, same run: the plumbing costs at most 3 %. */
  observabilityRatio: 0.97,
} as const;
