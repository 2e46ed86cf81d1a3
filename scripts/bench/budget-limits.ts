// The budgets of docs/performance.md, checked by budgets.ts.
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
  /** all_data req/s ÷ a bare Fastify route sending all_data's very bytes (headers and body), same run. */
  allDataFloorRatio: 0.4,
  /** PUT person req/s ÷ the bare write route's (Fastify PUT + one prepared SQLite UPDATE), same run (decision 0003). */
  putWriteFloorRatio: 0.33,
  /** On PostgreSQL at apiBudgetConnections: p99 of all_data and of PUT person. */
  postgresP99Ms: 15,
  /** On PostgreSQL: all_data req/s ÷ the bare route doing one SELECT on the same pool, same run. */
  postgresAllDataFloorRatio: 0.5,
  /** On PostgreSQL behind round-robin, each connection its own founder: PUT p99 ≤ this × the bare UPDATE's p99. */
  postgresPutFloorP99Factor: 3,
  /** On PostgreSQL behind round-robin, each connection its own founder: PUT req/s ÷ the bare UPDATE's, same run. */
  postgresPutFloorRatio: 0.3,
  /** all_data req/s with METRICS_PORT set ÷ unset, same run: metrics cost at most 10 %. */
  observabilityRatio: 0.9,
  /** Scale: each route's req/s at 100,000 founders ÷ at 1,000, at least. */
  scaleReqPerSecRatio: 0.9,
  /** Scale: each route's p99 at 100,000 founders ≤ this × its p99 at 1,000. */
  scaleP99Factor: 1.5,
  /** Scale: the app's RSS at 100,000 founders, every one read once, ≤ this × at 1,000. */
  scaleRssFactor: 1.25,
  /** Scale: start-up on the 100,000 founders' data ≤ this × on an empty one. */
  scaleStartupFactor: 1.5,
  /** Scale: seeding 100,000 founders on SQLite, seconds. */
  scaleSeedSeconds: 120,
} as const;
