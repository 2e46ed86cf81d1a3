// Child-process entry: the test support's round-robin balancer over BENCH_BACKENDS (a JSON list of
// URLs), keep-alive to each, ready once every backend is; in a process of its own, so the proxying
// never shares the load generator's event loop.
import { startBalancer } from "../../tests/support/balancer";
import { READY_PREFIX } from "./remote-stack";
import { sleep } from "./stats";

const urls = JSON.parse(process.env.BENCH_BACKENDS ?? "[]") as string[];
const balancer = await startBalancer({ keepAlive: true });
for (const url of urls) balancer.add({ url, release: url });
while (balancer.ready().length < urls.length) await sleep(50);
process.stdout.write(`${READY_PREFIX}${JSON.stringify({ url: balancer.url })}\n`);
process.on("SIGTERM", () => void balancer.close().then(() => process.exit(0)));
