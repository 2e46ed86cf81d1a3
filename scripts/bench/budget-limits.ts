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
  /** all_data req/s ÷ a bare Fastify route sending all_data's very bytes (headers and body), same run. */
  allDataFloorRatio: 0.75,
  /** PUT person req/s ÷ the bare write route's (Fastify PUT + one prepared SQLite UPDATE), same run (decision 0003). */
  putWriteFloorRatio: 0.5,
  /** On PostgreSQL at apiBudgetConnections: p99 of all_data and of PUT person. */
  postgresP99Ms: 15,
  /** On PostgreSQL: all_data req/s ÷ the bare route doing one SELECT on the same pool, same run. */
  postgresAllDataFloorRatio: 0.5,
  /** On PostgreSQL, each connection its own founder: PUT person p99 ≤ this × the bare UPDATE's p99. */
  postgresPutFloorP99Factor: 2,
  /** On PostgreSQL, each connection its own founder: PUT person req/s ÷ the bare UPDATE's, same run. */
  postgresPutFloorRatio: 0.4,
  /** all_data req/s with METRICS_PORT set ÷ unset, same run: metrics cost at most 10 %. */
  observabilityRatio: 0.9,
} as const;
