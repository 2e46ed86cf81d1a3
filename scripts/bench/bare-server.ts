// Child-process entry: the bare Fastify floors the app's routes are judged against: all_data's very
// bytes, its answer's headers (BENCH_ALL_DATA_HEADERS) and body (BENCH_ALL_DATA_BODY), to the same
// request: what serving it can cost at the least; a write (the body parsed, one prepared SQLite UPDATE).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Fastify from "fastify";
import Database from "better-sqlite3";
import { READY_PREFIX } from "./remote-stack";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ff-bench-bare-"));
const sqlite = new Database(path.join(dir, "bare.sqlite"));
sqlite.pragma("journal_mode = WAL");
sqlite.pragma("synchronous = FULL");
sqlite.exec("CREATE TABLE row (id INTEGER PRIMARY KEY, body TEXT NOT NULL, updated_at TEXT NOT NULL)");
sqlite.prepare("INSERT INTO row (id, body, updated_at) VALUES (1, '{}', '')").run();
const update = sqlite.prepare("UPDATE row SET body = ?, updated_at = ? WHERE id = 1");

const app = Fastify({ logger: false });
const allData = process.env.BENCH_ALL_DATA_BODY ?? "{}";
const allDataHeaders = JSON.parse(process.env.BENCH_ALL_DATA_HEADERS ?? "{}") as Record<string, string>;
app.get("/bare-all-data", (_request, reply) => reply.headers(allDataHeaders).send(allData));
app.put("/bare-write", async (request) => {
  update.run(JSON.stringify(request.body), new Date().toISOString());
  return { ok: true };
});
await app.listen({ host: "127.0.0.1", port: 0 });
const address = app.server.address();
const port = typeof address === "object" && address ? address.port : 0;
process.stdout.write(
  `${READY_PREFIX}${JSON.stringify({
    allDataUrl: `http://127.0.0.1:${port}/bare-all-data`,
    writeUrl: `http://127.0.0.1:${port}/bare-write`,
  })}\n`,
);
process.on(
  "SIGTERM",
  () =>
    void app.close().then(() => {
      sqlite.close();
      fs.rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    }),
);
