// Child-process entry: the Postgres floor. Bare Fastify routes each doing one parameterised query on
// a pool opened the way the app opens its own (db/postgres.ts, DATABASE_POOL_SIZE connections) to the
// same database the app uses, in a schema of its own: GET /bare-read reads one row, PUT /bare-write/:id
// stores the parsed body with one UPDATE of row :id (1-64: each connection its own row, as each
// founder writes their own person); GET /api/ready for the balancer. Nothing else (no auth, no
// validation, no cache): what one query costs.
import Fastify from "fastify";
import { openPostgres } from "../../db/postgres";
import { READY_PREFIX } from "./remote-stack";

const url = process.env.DATABASE_URL;
if (!url) throw new Error("bare-pg-server: DATABASE_URL is required");
const handle = openPostgres(url, { max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
await handle.pool.query("CREATE SCHEMA IF NOT EXISTS bench_floor");
await handle.pool.query(
  "CREATE TABLE IF NOT EXISTS bench_floor.row (id integer PRIMARY KEY, body text NOT NULL, updated_at text NOT NULL)",
);
const ROWS = 64;
await handle.pool.query(
  "INSERT INTO bench_floor.row (id, body, updated_at) SELECT id, '{}', '' FROM generate_series(1, $1::int) AS id ON CONFLICT (id) DO NOTHING",
  [ROWS],
);

const app = Fastify({ logger: false });
app.get("/bare-read", async () => {
  const { rows } = await handle.pool.query<{ id: number; body: string; updated_at: string }>(
    "SELECT id, body, updated_at FROM bench_floor.row WHERE id = $1",
    [1],
  );
  return rows[0];
});
app.put<{ Params: { id: string } }>("/bare-write/:id", async (request) => {
  const id = Math.min(ROWS, Math.max(1, Number(request.params.id) || 1));
  await handle.pool.query("UPDATE bench_floor.row SET body = $1, updated_at = $2 WHERE id = $3", [
    JSON.stringify(request.body),
    new Date().toISOString(),
    id,
  ]);
  return { ok: true };
});
app.get("/api/ready", async () => ({ status: "ready" }));
await app.listen({ host: "127.0.0.1", port: 0 });
const address = app.server.address();
const port = typeof address === "object" && address ? address.port : 0;
process.stdout.write(`${READY_PREFIX}${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`);
process.on(
  "SIGTERM",
  () =>
    void app.close().then(async () => {
      await handle.close();
      process.exit(0);
    }),
);
