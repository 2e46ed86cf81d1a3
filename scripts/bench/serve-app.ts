// Child-process entry for the observability section: one more app on a running stack's settings
// and database (BENCH_CONFIG, the stack's Config as JSON), with METRICS_PORT's setting
// (BENCH_VARIANT=observed, a metrics listener on a free port) or without it (plain).
import { buildApp } from "../../server/src/app";
import type { Config } from "../../server/src/config";
import { READY_PREFIX } from "./remote-stack";

const base = JSON.parse(process.env.BENCH_CONFIG ?? "null") as Config | null;
if (!base) throw new Error("BENCH_CONFIG is not set");
const observed = process.env.BENCH_VARIANT === "observed";
// Settings a user has: LOG_LEVEL=silent, and METRICS_PORT set (a free port) or unset.
const config: Config = { ...base, logLevel: "silent", metrics: observed ? { host: "127.0.0.1", port: 0 } : undefined };
const app = await buildApp(config);
await app.listen({ host: "127.0.0.1", port: 0 });
const address = app.server.address();
const port = typeof address === "object" && address ? address.port : 0;
process.stdout.write(
  `${READY_PREFIX}${JSON.stringify({ url: `http://127.0.0.1:${port}`, metricsUrl: app.metricsUrl() })}\n`,
);

const stop = async () => {
  await app.close();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
