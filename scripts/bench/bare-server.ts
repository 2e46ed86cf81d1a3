// Child-process entry: a bare Fastify route returning a constant, started the same way as the app
// (its own process, loopback, no logging), so app/bare throughput is a ratio machine noise cancels.
// Beside it, a bare write route: the JSON body parsed by Fastify and one prepared UPDATE on a
// SQLite file with the app's settings (WAL, synchronous=FULL), nothing else. It is the floor any
// route that commits a write per request stands on, reported next to PUT /api/persons/{id}.
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
const body = { ok: true };
app.get("/bare", async () => body);
app.put("/bare-write", async (request) => {
  update.run(JSON.stringify(request.body), new Date().toISOString());
  return body;
});
await app.listen({ host: "127.0.0.1", port: 0 });
const address = app.server.address();
const port = typeof address === "object" && address ? address.port : 0;
process.stdout.write(
  `${READY_PREFIX}${JSON.stringify({ url: `http://127.0.0.1:${port}/bare`, writeUrl: `http://127.0.0.1:${port}/bare-write` })}\n`,
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
