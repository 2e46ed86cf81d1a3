// How often one page load asks the API for the same data (docs/performance.md, "One read per page
// load"). Each load of the dashboard, an edit screen or a creation step reads all_data once: not
// again for a component that mounts after it arrived (a lazy screen after the side menu, a strategy
// card after the list, the next screen reached through the menu), which TanStack Query's default
// (refetch on every mount of stale data) did. Every other GET of the load is read once too. The
// figures are counts of requests, never of time.
import type { Locator, Page, Request } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setupE2E } from "../support/e2e-harness";
import { editScreenHelpers } from "./edit-screens-suite";
import { founderAt, type EntryFounder } from "../support/founders";

const e2e = setupE2E();
const { seedCompletedFounder } = editScreenHelpers(e2e);

/** The API GETs a page makes, as "GET /api/…" with the ids replaced by ':id'. */
function recordApiReads(page: Page): string[] {
  const reads: string[] = [];
  page.on("request", (req: Request) => {
    const url = new URL(req.url());
    if (req.method() === "GET" && url.pathname.startsWith("/api/"))
      reads.push(`GET ${url.pathname.replace(/\/\d+(?=\/|$)/g, "/:id")}`);
  });
  return reads;
}

/** Waits until the page has asked for nothing for a while: whatever a late mount refetches is counted. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(1_000);
  await page.waitForLoadState("networkidle");
}

const ALL_DATA = "GET /api/accounts/:id/all_data";

/** How many times each read was made. */
function counts(reads: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of reads) out[r] = (out[r] ?? 0) + 1;
  return out;
}

/** Polled every 30 s (requirements §9): on a slow machine a second poll may fall inside a test. */
const POLLED = "GET /api/notifications/";

/** all_data once, and every other read at most once. */
function expectEachReadOnce(reads: readonly string[]): void {
  const c = counts(reads.filter((r) => r !== POLLED));
  expect(c[ALL_DATA], JSON.stringify(c)).toBe(1);
  expect(
    Object.entries(c).filter(([, n]) => n > 1),
    JSON.stringify(c),
  ).toEqual([]);
}

/**
 * Opens `path` signed in as the founder, waits for what `ready` finds and for the page to settle,
 * then runs `then` (more moves in the same page load); the API reads made from the first request on.
 */
async function readsOfLoad(
  s: EntryFounder,
  path: string,
  ready: (page: Page) => Locator,
  then?: (page: Page) => Promise<void>,
): Promise<string[]> {
  const ui = await e2e.open({ as: s });
  const reads = recordApiReads(ui.page);
  await ui.goto(path);
  await ready(ui.page).waitFor();
  await settle(ui.page);
  if (then) {
    await then(ui.page);
    await settle(ui.page);
  }
  return reads;
}

describe("one read per page load", () => {
  it("the dashboard of a founder in the middle of creation reads all_data once (the progress card mounts after it)", async () => {
    const reads = await readsOfLoad(await founderAt("entry", { on: e2e.stack }), "/", (page) =>
      page.getByRole("progressbar", { name: "Creation progress" }),
    );
    expectEachReadOnce(reads);
  });

  it("the dashboard of a founder who submitted reads all_data once (the summary and the row mount after it)", async () => {
    const reads = await readsOfLoad(await seedCompletedFounder(), "/", (page) =>
      page.getByRole("heading", { name: "Foundations" }),
    );
    expectEachReadOnce(reads);
  });

  it.each(["/edit-profile", "/edit-foundation", "/edit-daf", "/edit-others"])(
    "%s reads all_data once",
    async (path) => {
      const reads = await readsOfLoad(await seedCompletedFounder(), path, (page) =>
        page
          .getByRole("button", { name: "Done" })
          .or(page.getByRole("heading", { name: "Owners" }))
          .first(),
      );
      expectEachReadOnce(reads);
    },
  );

  it("the dashboard, then an edit screen through the menu: one all_data read for the whole visit", async () => {
    const reads = await readsOfLoad(
      await seedCompletedFounder(),
      "/",
      (page) => page.getByRole("heading", { name: "Foundations" }),
      async (page) => {
        await page.getByRole("link", { name: "Founder", exact: true }).click();
        await page.getByLabel("City").waitFor();
      },
    );
    expectEachReadOnce(reads);
  });

  it("a creation step reads all_data once", async () => {
    // Step 4 opens once the identity check is done (docs/decisions/0145).
    const s = await founderAt("identity", { on: e2e.stack });
    const reads = await readsOfLoad(s, `/create-foundation/${s.strategyId}/4`, (page) =>
      page.getByRole("heading", { name: "Choose your donor-advised fund" }),
    );
    expectEachReadOnce(reads);
  });
});
