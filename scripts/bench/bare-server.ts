// Child-process entry: a bare Fastify route returning a constant, started the same way as the app
// (its own process, loopback, no logging), so app/bare throughput is a ratio machine noise cancels.
import Fastify from "fastify";
import { READY_PREFIX } from "./remote-stack";

const app = Fastify({ logger: false });
const body = { ok: true };
app.get("/bare", async () => body);
await app.listen({ host: "127.0.0.1", port: 0 });
const address = app.server.address();
const port = typeof address === "object" && address ? address.port : 0;
process.stdout.write(`${READY_PREFIX}${JSON.stringify({ url: `http://127.0.0.1:${port}/bare` })}\n`);
process.on("SIGTERM", () => void app.close().then(() => process.exit(0)));
