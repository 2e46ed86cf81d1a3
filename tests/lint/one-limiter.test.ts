// The routes have one per-caller limiter and one 429 (docs/operations.md, Limits every instance
// shares): lint refuses a route file that writes its own rate-limit config or answers a 429 by hand,
// and allows the shared helper and the typed error.
import path from "node:path";
import { ESLint } from "eslint";
import { expect, it } from "vitest";
import { REPO_ROOT } from "../../server/src/app";

const eslint = new ESLint({ cwd: REPO_ROOT });

async function messagesFor(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(REPO_ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => m.message);
}

const ROUTE = "server/src/routes/limit-probe.ts";

it("refuses a route's own copy of the per-caller limit, and allows routes/shared.ts's", async () => {
  const copy = `export const perCaller = (max: number) => ({ rateLimit: { max, timeWindow: "1 minute" } });\n`;
  expect(await messagesFor(ROUTE, copy)).toEqual([expect.stringContaining("routes/shared.ts's perCallerRateLimit")]);
  expect(await messagesFor("server/src/routes/shared.ts", copy)).toEqual([]);
  expect(
    await messagesFor(
      ROUTE,
      `import { perCallerRateLimit } from "./shared";\nexport const limit = perCallerRateLimit(10);\n`,
    ),
  ).toEqual([]);
});

it("refuses a 429 answered by hand, and allows the typed error", async () => {
  const byHand = `import type { FastifyReply } from "fastify";\nexport const refuse = (reply: FastifyReply) => reply.status(429).send({ error: "too_many_requests", message: "later" });\n`;
  expect(await messagesFor(ROUTE, byHand)).toEqual([expect.stringContaining("tooManyRequests")]);
  const typed = `import { tooManyRequests } from "../errors";\nexport const refuse = () => {\n  throw tooManyRequests(60);\n};\n`;
  expect(await messagesFor(ROUTE, typed)).toEqual([]);
});
