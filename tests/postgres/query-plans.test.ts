// No route reads a table that grows with the founders whole. The app's database runs with
// enable_seqscan = off, where the planner still scans a table sequentially only when no index serves
// the query, and auto_explain hands the plan of every statement its sessions run (those inside the
// migrations' functions too) back to the connection as a notice, which the test reads through the
// pool's public events while it drives every route of the OpenAPI document over HTTP.
import { afterAll, beforeAll, expect, it } from "vitest";
import pg from "pg";
import { startTestApp, type ListeningTestApp } from "../support/app";
import { createMigratedDatabase, sharedPostgres, type PostgresServer } from "../support/postgres";
import { fetchOperations } from "../support/openapi";
import { PUBLIC_ROUTES, RECIPES, buildRequest } from "../support/route-recipes";
import { call } from "../support/http";

/** Tables whose rows grow with the founders (enum_item does not: it is read whole on purpose). */
const GROWING = ["account", "person", "strategy", "organization", "organization_user", "notification", "audit_event"];
const AUTO_EXPLAIN = [
  "session_preload_libraries = 'auto_explain'",
  "auto_explain.log_min_duration = 0",
  "auto_explain.log_level = notice",
  "auto_explain.log_nested_statements = on",
  "auto_explain.log_format = json",
  "enable_seqscan = off",
];

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Cond"?: string;
  Filter?: string;
  Plans?: PlanNode[];
}

/** A table read whole: a sequential scan, or an index walked end to end while filtering rows out. */
function wholeReads(node: PlanNode): string[] {
  const table = node["Relation Name"];
  const indexWalk = /^Index (Only )?Scan$/.test(node["Node Type"]) && !node["Index Cond"] && node.Filter;
  const here =
    table && GROWING.includes(table) && (node["Node Type"] === "Seq Scan" || indexWalk)
      ? [`${node["Node Type"]} on ${table}`]
      : [];
  return [...here, ...(node.Plans ?? []).flatMap(wholeReads)];
}

let server: PostgresServer;
let database: string;
let t: ListeningTestApp;
let route: string | undefined;
const findings: string[] = [];
const planned = new Set<string>();

beforeAll(async () => {
  server = await sharedPostgres();
  database = await createMigratedDatabase(server);
  for (const setting of AUTO_EXPLAIN) await sql(`ALTER DATABASE "${database}" SET ${setting}`);
  t = await startTestApp({ DATABASE_URL: server.url(database) }, { engine: "postgres" });
  if (t.app.db.driver.kind !== "postgres") throw new Error("the app is not on PostgreSQL");
  const listening = new WeakSet<pg.PoolClient>();
  t.app.db.driver.pool.on("acquire", (client) => {
    if (listening.has(client)) return;
    listening.add(client);
    client.on("notice", (notice) => {
      const json = notice.message?.slice(notice.message.indexOf("{"));
      if (!route || !json?.startsWith("{")) return;
      const explained = JSON.parse(json) as { "Query Text": string; Plan: PlanNode };
      planned.add(route);
      for (const read of wholeReads(explained.Plan))
        findings.push(`${route}: ${read}: ${explained["Query Text"].replace(/\s+/g, " ").slice(0, 300)}`);
    });
  });
});
afterAll(async () => {
  await t?.close();
  await server?.stop();
});

async function sql(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: server.url(database) });
  await client.connect();
  await client.query(text).finally(() => client.end());
}

/** Sends `op`'s recipe request as its owner (staff routes as an admin) and records its plans under its name. */
async function drive(key: string): Promise<void> {
  const op = (await fetchOperations(t.url)).find((o) => o.key === key)!;
  const recipe = RECIPES[key]!;
  const { stage, strategy } = recipe;
  const owner = await t.founder({ stage: stage ?? "entry", daf: stage ? undefined : false, strategy });
  const token = recipe.scope === "staff" ? await t.token({ roles: ["user", "admin"] }) : owner.token;
  const request = buildRequest(op, recipe, owner);
  route = key;
  const res = await call(t.url, request.method, request.path, { token, query: request.query, body: request.body });
  route = undefined;
  expect(res.status, `${key}: ${res.text}`).toBe(recipe.scope === "staff" ? 200 : recipe.success);
}

it("every route's statements find the rows of a growing table through an index", async () => {
  const keys = (await fetchOperations(t.url)).map((o) => o.key).filter((key) => !PUBLIC_ROUTES[key]);
  for (const key of keys) await drive(key);
  expect(planned.size).toBeGreaterThan(keys.length / 2);
  expect(findings).toEqual([]);
});

it("names the route and the query when an index it relies on is gone", async () => {
  findings.length = 0;
  await sql("DROP INDEX notification_account_created_idx");
  await drive("GET /api/notifications/");
  expect(findings.join("\n")).toMatch(
    /^GET \/api\/notifications\/: (Seq|Index) Scan on notification: select .*"notification"/m,
  );
});
