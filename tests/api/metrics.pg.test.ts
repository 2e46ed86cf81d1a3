// Prometheus metrics (plugins/observability.ts, the counters beside their code): on a listener of
// their own, only when METRICS_PORT is set; after a founder's journey the scrape holds every metric
// the dashboard and the alerts of docs/operations.md name, counts what happened, and no label
// carries anything of the founder's (ids, email, names, SSN).
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../server/src/app";
import { createTestApp, type TestApp } from "../support/app";
import { postIdentityResult, privateStrings, type ApiFounder } from "../support/founders";
import { signedIdentityResult } from "../support/entry";

async function scrape(t: TestApp): Promise<string> {
  const url = t.app.metricsUrl();
  if (!url) throw new Error("no metrics listener");
  const res = await fetch(url);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
  return res.text();
}

/** One sample's value: `name{labels} value`, labels in any order given as a subset. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const matches = text.split("\n").filter((line) => {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) return false;
    return Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`));
  });
  return matches.reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(" ") + 1)), 0);
}

/** The metric names a PromQL expression reads (identifiers with an underscore, outside label values, that are not functions or labels). */
function metricNamesIn(expr: string): string[] {
  const notMetrics = new Set([
    "histogram_quantile",
    "max_over_time",
    "min_over_time",
    "avg_over_time",
    "label_replace",
    "status_code",
    "sum_over_time",
  ]);
  const unquoted = expr.replace(/"[^"]*"/g, '""');
  return [...new Set(unquoted.match(/\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g) ?? [])].filter((n) => !notMetrics.has(n));
}

describe("with METRICS_PORT", () => {
  let t: TestApp;
  let founder: ApiFounder;
  let text: string;

  beforeAll(async () => {
    t = await createTestApp({ METRICS_PORT: "0" });
    // A founder's journey through the API: sign-in, the whole entry, the identity result by webhook,
    // the dashboard read twice (the second from the cache), a duplicate and a forged webhook.
    founder = await t.founder({ stage: "identity" });
    for (let i = 0; i < 2; i++)
      expect(
        (await t.api("GET", `/api/accounts/${founder.accountId}/all_data`, { headers: founder.auth })).status,
      ).toBe(200);
    const again = signedIdentityResult(
      founder.personId!,
      "GREEN",
      new Date(Date.now() - 500),
      t.config.identity.webhookSecret,
    );
    expect((await t.api("POST", "/api/sumsub/webhook", { rawBody: again.raw, headers: again.headers })).status).toBe(
      200,
    );
    expect(
      (await t.api("POST", "/api/sumsub/webhook", { rawBody: again.raw, headers: again.headers })).json,
    ).toMatchObject({ result: "duplicate" });
    expect(
      (
        await t.api("POST", "/api/sumsub/webhook", {
          rawBody: again.raw,
          headers: { ...again.headers, "x-payload-digest": "0".repeat(64) },
        })
      ).status,
    ).toBe(401);
    expect(
      (await postIdentityResult(t, founder.personId!, "GREEN", new Date(Date.now() - 3_600_000))).json,
    ).toMatchObject({ result: "stale" });
    expect((await t.api("GET", "/api/enums/", { headers: { Authorization: "Bearer nope" } })).status).toBe(401);
    // The GC histogram counts collections since the app started, and the journey alone may not fill
    // the young generation (once in CI it did not): ~100 MB of garbage makes sure one ran.
    for (let i = 0; i < 200_000; i++) void new Array(64).fill(i);
    await new Promise((resolve) => setTimeout(resolve, 50));
    text = await scrape(t);
  });
  afterAll(() => t?.close());

  it("serves the metrics on their own listener, not on the app's", async () => {
    expect(new URL(t.app.metricsUrl()!).port).not.toBe("");
    expect((await t.http.get("/metrics")).status).toBe(404);
    expect((await fetch(t.app.metricsUrl()!.replace("/metrics", "/other"))).status).toBe(404);
  });

  it("counts requests by route pattern and status, and what the app did on the way", () => {
    expect(
      sample(text, "http_request_duration_seconds_count", {
        route: "/api/accounts/:accountId/all_data",
        status_code: "200",
      }),
    ).toBeGreaterThanOrEqual(2);
    expect(
      sample(text, "http_request_duration_seconds_count", { route: "/api/enums/", status_code: "401" }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, "cache_lookups_total", { cache: "all_data", result: "miss" })).toBeGreaterThanOrEqual(1);
    // On PostgreSQL the cache is keyed on the server's snapshot, which any commit on the server moves
    // (other test files share it): the second read is a hit only when nobody committed in between.
    if (t.app.db.engine === "sqlite")
      expect(sample(text, "cache_lookups_total", { cache: "all_data", result: "hit" })).toBeGreaterThanOrEqual(1);
    else expect(sample(text, "cache_lookups_total", { cache: "all_data" })).toBeGreaterThanOrEqual(2);
    expect(sample(text, "session_checks_total", { result: "miss" })).toBeGreaterThanOrEqual(1);
    expect(sample(text, "session_checks_total", { result: "hit" })).toBeGreaterThanOrEqual(1);
    for (const result of ["applied", "duplicate", "refused", "stale"])
      expect(sample(text, "identity_webhooks_total", { result }), result).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m);
    expect(text).toContain("nodejs_gc_duration_seconds_count");
    if (t.app.db.engine === "postgres")
      expect(sample(text, "db_pool_connections", { state: "idle" })).toBeGreaterThanOrEqual(1);
    else expect(sample(text, "sqlite_group_commit_transactions_count")).toBeGreaterThanOrEqual(1);
  });

  it("has no label that carries anything of the founder's, and routes only as patterns", () => {
    for (const value of [...privateStrings(founder), `/${founder.accountId}/`, `/${founder.personId}`])
      expect(text, value).not.toContain(value);
    const labelNames = new Set([...text.matchAll(/[{,]([a-z_]+)="/g)].map((m) => m[1]));
    // Every label the app's metrics and prom-client's process metrics use: a new one must be added here, knowingly.
    expect(
      [...labelNames].filter(
        (n) =>
          ![
            "method",
            "route",
            "status_code",
            "cache",
            "result",
            "state",
            "le",
            "kind",
            "space",
            "version",
            "major",
            "minor",
            "patch",
            "type",
          ].includes(n!),
      ),
    ).toEqual([]);
    for (const [, route] of text.matchAll(/route="([^"]*)"/g))
      expect(route === "unmatched" || !/\/\d/.test(route!), route).toBe(true);
  });

  it("holds every metric the dashboard and the starter alerts read", () => {
    const dashboard = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "docs/grafana-dashboard.json"), "utf8")) as {
      panels: Array<{ targets?: Array<{ expr: string }> }>;
    };
    const exprs = dashboard.panels.flatMap((p) => p.targets ?? []).map((target) => target.expr);
    const operations = fs.readFileSync(path.join(REPO_ROOT, "docs/operations.md"), "utf8");
    const alerts = [...operations.matchAll(/^\s+expr: (.+)$/gm)].map((m) => m[1]!);
    expect(alerts.length).toBe(4);
    expect(exprs.length).toBeGreaterThanOrEqual(8);
    const names = [...new Set([...exprs, ...alerts].flatMap(metricNamesIn))];
    expect(names.length).toBeGreaterThan(8);
    const present = new Set(
      text
        .split("\n")
        .filter((l) => l && !l.startsWith("#"))
        .map((l) => /^[a-zA-Z_:][a-zA-Z0-9_:]*/.exec(l)![0]),
    );
    expect(names.filter((n) => !present.has(n))).toEqual([]);
  });
});

describe("without METRICS_PORT", () => {
  it("opens no metrics listener", async () => {
    const t = await createTestApp();
    try {
      expect(t.app.metricsUrl()).toBeNull();
      expect((await t.http.get("/metrics")).status).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe("HEAD requests", () => {
  it("are counted once, under their own method", async () => {
    const t = await createTestApp({ METRICS_PORT: "0" });
    try {
      const before = sample(await scrape(t), "http_request_duration_seconds_count", {
        method: "HEAD",
        route: "/api/health",
      });
      expect((await t.http.head("/api/health")).status).toBe(200);
      expect(
        sample(await scrape(t), "http_request_duration_seconds_count", { method: "HEAD", route: "/api/health" }),
      ).toBe(before + 1);
    } finally {
      await t.close();
    }
  });
});

describe("requests that match no route", () => {
  it("are counted once as unmatched, with their latency, and answered with a request id", async () => {
    const t = await createTestApp({ METRICS_PORT: "0" });
    try {
      const series = { method: "GET", route: "unmatched", status_code: "404" };
      const before = await scrape(t);
      const res = await t.http.get("/api/no-such-route");
      expect(res.status).toBe(404);
      expect(res.headers["x-request-id"]).toBe(res.body.request_id);
      const after = await scrape(t);
      expect(sample(after, "http_request_duration_seconds_count", series)).toBe(
        sample(before, "http_request_duration_seconds_count", series) + 1,
      );
      // The latency runs from the request's arrival to its answer: some time, well under the 10 s bucket.
      const took =
        sample(after, "http_request_duration_seconds_sum", series) -
        sample(before, "http_request_duration_seconds_sum", series);
      expect(took).toBeGreaterThan(0);
      expect(took).toBeLessThan(10);
    } finally {
      await t.close();
    }
  });
});
