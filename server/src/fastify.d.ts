// What the app decorates Fastify with (see app.ts and plugins/). Route files in other folders
// (the identity work) use the same fields.
import type { Config } from "./config";
import type { AppDb } from "../../db/engine";
import type { SsnCipher } from "./pii/ssn";
import type { Mailer } from "./mail";
import type { Caller } from "./authz";
import type { Authenticator } from "./auth/authenticate";
import type { DatabaseReadiness } from "../../db/schema-version";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    db: AppDb;
    ssn: SsnCipher;
    mailer: Mailer;
    /** Verifies bearer tokens and confirms their sessions; remembers answers briefly per token. */
    authenticator: Authenticator;
    /** Whether the database answers and has the schema this code expects (for /api/ready). */
    databaseReadiness(): Promise<DatabaseReadiness>;
    /** Set once a shutdown began: readiness answers 503 while requests are still served (routes/health.ts). */
    draining: boolean;
    /** Where this instance's metrics are scraped (null: METRICS_PORT unset, or not ready yet). */
    metricsUrl(): string | null;
  }
  interface FastifyRequest {
    /** Set by the auth plugin on every authenticated route; null on public ones. */
    caller: Caller | null;
    /** performance.now() when the request's hooks began (plugins/observability.ts: its latency). */
    startedAt: number;
  }
  interface FastifyContextConfig {
    /** Routes marked public skip bearer-token authentication (docs, app config, signed webhooks). */
    public?: boolean;
  }
}
