// Child-process entry: the bare Fastify routes the app's are judged against, each doing what its
// route must at the least. With DATABASE_URL, on a pool opened as the app opens its own, in a schema
// of its own: GET /bare-read reads one row, PUT /bare-write/:id stores the parsed body with one UPDATE
// of row :id (each connection its own row), GET /api/ready for a balancer. Else: GET /bare-all-data
// answers all_data's very headers (BENCH_ALL_DATA_HEADERS) and body (BENCH_ALL_DATA_BODY), and
// PUT /bare-write/:id is one prepared UPDATE in a WAL SQLite file with the app's settings.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Fastify from "fastify";
import Database from "better-sqlite3";
import { openPostgres } from "../../db/postgres";
import { READY_PREFIX } from "./remote-stack";

const ROWS = 64;
const row = (id: string) => Math.min(ROWS, Math.max(1, Number(id) || 1));
const app = Fastify({ logger: false });
const url = process.env.DATABASE_URL;
let close: () => Promise<void>;
if (url) {
  const { pool } = openPostgres(url, { max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
  await pool.query("CREATE SCHEMA IF NOT EXISTS bench_floor");
  await pool.query(
    "CREATE TABLE IF NOT EXISTS bench_floor.row (id integer PRIMARY KEY, body text NOT NULL, at text NOT NULL)",
  );
  await pool.query(
    "INSERT INTO bench_floor.row SELECT id, '{}', '' FROM generate_series(1, $1::int) AS id ON CONFLICT DO NOTHING",
    [ROWS],
  );
  app.get(
    "/bare-read",
    async () => (await pool.query("SELECT id, body, at FROM bench_floor.row WHERE id = $1", [1])).rows[0],
  );
  app.put<{ Params: { id: string } }>("/bare-write/:id", async (request) => {
    const values = [JSON.stringify(request.body), new Date().toISOString(), row(request.params.id)];
    await pool.query("UPDATE bench_floor.row SET body = $1, at = $2 WHERE id = $3", values);
    return { ok: true };
  });
  app.get("/api/ready", async () => ({ status: "ready" }));
  close = () => pool.end();
} else {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ff-bench-bare-"));
  const sqlite = new Database(path.join(dir, "bare.sqlite"));
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = FULL");
  sqlite.exec("CREATE TABLE row (id INTEGER PRIMARY KEY, body TEXT NOT NULL, at TEXT NOT NULL)");
  sqlite
    .prepare(
      "WITH RECURSIVE n(id) AS (SELECT 1 UNION ALL SELECT id + 1 FROM n WHERE id < ?) INSERT INTO row SELECT id, '{}', '' FROM n",
    )
    .run(ROWS);
  const update = sqlite.prepare("UPDATE row SET body = ?, at = ? WHERE id = ?");
  const headers = JSON.parse(process.env.BENCH_ALL_DATA_HEADERS ?? "{}") as Record<string, string>;
  app.get("/bare-all-data", (_request, reply) => reply.headers(headers).send(process.env.BENCH_ALL_DATA_BODY));
  app.put<{ Params: { id: string } }>("/bare-write/:id", async (request) => {
    update.run(JSON.stringify(request.body), new Date().toISOString(), row(request.params.id));
    return { ok: true };
  });
  close = async () => void (sqlite.close(), fs.rmSync(dir, { recursive: true, force: true }));
}
await app.listen({ host: "127.0.0.1", port: 0 });
const address = app.server.address();
process.stdout.write(
  `${READY_PREFIX}${JSON.stringify({ url: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}` })}\n`,
);
process.on(
  "SIGTERM",
  () =>
    void app
      .close()
      .then(close)
      .then(() => process.exit(0)),
);
