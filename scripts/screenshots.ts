// `npm run screenshots`: the whole product in a minute. Boots a throwaway stack, seeds founders in
// every state through the real APIs, and photographs every screen and dialog at 375 and 1280 px in
// both themes into screenshots/ (git-ignored), named <screen>-<theme>-<width>.png. Each picture is
// also scanned by axe; the run ends with the number of screens checked and fails on any violation.
//   npm run screenshots                 # all screens
//   npm run screenshots -- dashboard    # only screens whose name contains "dashboard"
import AxeBuilder from "@axe-core/playwright";
import { createClient, type RealtimeClientOptions } from "@supabase/supabase-js";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext, Page } from "playwright-core";
import ws from "ws";
import { DEFAULT_DAF, FOUNDER_STRATEGY, timestampNow } from "../server/src/contract/rules";
import { ORGANIZATION, PROFILE } from "../tests/support/entry";
import { bootStack, type TestStack } from "../tests/support/stack";
import { launchChromium } from "../tests/support/browser";
import { createFounder, signInContext, signInThroughApi, type Founder } from "../tests/support/founders";
import { THEME_STORAGE_KEY, type Theme } from "../tests/e2e/support/harness";
import { localhostUrl } from "../tests/support/browser";
import { storageInitScript } from "../tests/support/init-script";
import { ensureWebBuild } from "../tests/e2e/support/web-build";
import { apiCall } from "../tests/support/api";

const OUT_DIR = fileURLToPath(new URL("../screenshots", import.meta.url));
const WIDTHS = [375, 1280] as const;
const THEMES: Theme[] = ["light", "dark"];
const only = process.argv[2];

interface Shot {
  name: string;
  /** Who is signed in: a key of the founders below, or none. */
  as?: keyof Founders;
  /** Leave enrolment not skipped (the enrol view). */
  enrol?: boolean;
  widths?: readonly number[];
  /** Brings the page to the state to photograph. */
  show(page: Page, f: Founders): Promise<void>;
}

interface Founders {
  fresh: Founder;
  inProgress: Founder & { strategyId: number };
  done: Founder & { strategyId: number };
  admin: Founder;
}

let stack: TestStack;
const heading = (page: Page, name: string) => page.getByRole("heading", { name }).first().waitFor();

const call = <T>(token: string, method: string, route: string, body?: unknown) => apiCall<T>(stack.app.url, token, method, route, body);

/** A founder with a strategy, organization and profile; optionally past the DAF and approved, with an additional owner. */
async function seedFounder(opts: { complete: boolean }): Promise<Founder & { strategyId: number }> {
  const founder = await createFounder(stack);
  const { access_token: token } = await signInThroughApi(stack, founder);
  const { account_id: accountId } = await call<{ account_id: number }>(token, "GET", `/api/accounts/user/${founder.id}`);
  const { strategy_id: strategyId } = await call<{ strategy_id: number }>(token, "POST", "/api/strategies/", { account_id: accountId, strategy_type: FOUNDER_STRATEGY });
  await call(token, "POST", "/api/organizations/", { strategy_id: strategyId, ...ORGANIZATION });
  const { organization_id: organizationId } = await call<{ organization_id: number }>(token, "GET", `/api/organizations/by_strategy/${strategyId}`);
  const { person_id: personId } = await call<{ person_id: number }>(token, "POST", "/api/persons/", { account_id: accountId, account_primary_holder: true, ...PROFILE });
  await call(token, "POST", "/api/organization_users/", { organization_id: organizationId, person_id: personId, primary_holder: true });
  await call(token, "PUT", `/api/organizations/${organizationId}`, { ...ORGANIZATION, donor_advised_fund: DEFAULT_DAF, custodian: "custodian_schwab" });
  const { person_id: ownerId } = await call<{ person_id: number }>(token, "POST", "/api/persons/", {
    account_id: accountId,
    account_primary_holder: false,
    is_addon: true,
    email: `co-owner-${founder.id.slice(0, 6)}@example.com`,
  });
  await call(token, "POST", "/api/organization_users/", { organization_id: organizationId, person_id: ownerId, primary_holder: false });
  if (opts.complete) await call(token, "PUT", `/api/strategies/${strategyId}`, { entry_completed_at: timestampNow() });
  return { ...founder, strategyId };
}

async function seedAdmin(): Promise<Founder> {
  const admin = await createFounder(stack, { firstName: "Alan", lastName: "Turing" });
  const client = createClient(stack.config.auth.url, stack.config.auth.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as unknown as RealtimeClientOptions["transport"] },
  });
  const { error } = await client.auth.admin.updateUserById(admin.id, { app_metadata: { roles: ["user", "admin"] } });
  if (error) throw error;
  return admin;
}

const SHOTS: Shot[] = [
  { name: "sign-in", show: async (p) => heading(p, "Welcome!") },
  {
    name: "sign-in-password",
    show: async (p) => {
      await p.getByLabel("Email").fill("founder@example.com");
      await p.getByRole("button", { name: "Continue" }).click();
      await p.getByLabel("Password").waitFor();
    },
  },
  {
    name: "register",
    show: async (p) => {
      await p.getByRole("button", { name: "Don't have an account? Sign up" }).click();
      await p.getByLabel("Password").fill("short");
      await p.getByText("Password must contain...").waitFor();
    },
  },
  {
    name: "forgot-password",
    show: async (p) => {
      await p.getByRole("button", { name: "Continue" }).waitFor();
      await p.getByLabel("Email").fill("founder@example.com");
      await p.getByRole("button", { name: "Continue" }).click();
      await p.getByRole("button", { name: "Forgot password?" }).click();
      await p.getByRole("button", { name: "Send reset link" }).waitFor();
    },
  },
  { name: "mfa-enroll", as: "fresh", enrol: true, show: async (p) => void (await p.getByTestId("totp-secret").waitFor()) },
  { name: "dashboard-empty", as: "fresh", show: async (p) => p.getByText("No foundations have been created yet.").waitFor() },
  {
    name: "notifications",
    as: "done",
    show: async (p) => {
      await heading(p, "Account Strategies");
      await p.getByRole("button", { name: /^Notifications/ }).click();
      await p.getByRole("dialog").or(p.getByText("No notifications")).first().waitFor();
    },
  },
  {
    name: "menu-drawer",
    as: "done",
    widths: [375],
    show: async (p) => {
      await heading(p, "Account Strategies");
      await p.getByRole("button", { name: "Open menu" }).click();
      await p.getByRole("dialog").getByRole("link", { name: "Risk management" }).waitFor();
    },
  },
  {
    name: "choose-strategy",
    as: "fresh",
    show: async (p) => {
      await p.goto("/create-foundation");
      await heading(p, "Choose strategy");
    },
  },
  ...[1, 2, 3, 4, 5].map(
    (step): Shot => ({
      name: `step-${step}`,
      as: "inProgress",
      show: async (p, f) => {
        await p.goto(`/create-foundation/${f.inProgress.strategyId}/${step}`);
        await p.locator('[aria-current="step"]').waitFor();
        await p.getByRole("button", { name: step === 5 ? "Approve" : "Next" }).waitFor();
        if (step === 3) await p.locator("iframe").first().waitFor({ timeout: 15_000 }).catch(() => undefined);
      },
    }),
  ),
  { name: "dashboard-in-progress", as: "inProgress", show: async (p) => p.getByText("IN PROGRESS").first().waitFor() },
  { name: "dashboard-submitted", as: "done", show: async (p) => heading(p, "Foundations") },
  {
    name: "step-5-submitted",
    as: "done",
    show: async (p, f) => {
      await p.goto(`/create-foundation/${f.done.strategyId}/5`);
      await p.getByText(/^Submitted on/).waitFor();
    },
  },
  ...(
    [
      ["edit-profile", "/edit-profile", "Edit Profile"],
      ["edit-daf", "/edit-daf", "Edit DAF"],
      ["edit-foundation", "/edit-foundation", "Edit Foundation"],
      ["edit-others", "/edit-others", "Other owners"],
      ["ria", "/ria", "RIA Risk Advisor"],
    ] as const
  ).map(
    ([name, route, title]): Shot => ({
      name,
      as: "done",
      show: async (p) => {
        await p.goto(route);
        await heading(p, title);
        await p.getByRole("button", { name: "Done" }).or(p.getByRole("button", { name: "Add owner" })).first().waitFor();
      },
    }),
  ),
  {
    name: "dialog-add-owner",
    as: "done",
    show: async (p) => {
      await p.goto("/edit-others");
      await p.getByRole("button", { name: "Add owner" }).click();
      await p.getByRole("dialog").getByLabel("Email").waitFor();
    },
  },
  {
    name: "dialog-update-license",
    as: "done",
    show: async (p) => {
      await p.goto("/edit-profile");
      await heading(p, "Edit Profile");
      await p.getByRole("button", { name: "Update license" }).click();
      await p.getByRole("heading", { name: "Update license" }).waitFor();
      await p.locator("iframe").first().waitFor({ timeout: 15_000 }).catch(() => undefined);
    },
  },
  {
    name: "admin",
    as: "admin",
    show: async (p) => {
      await p.goto("/admin");
      await heading(p, "User Management (Dev)");
    },
  },
];

async function open(browser: Browser, width: number, theme: Theme, shot: Shot, founders: Founders): Promise<{ context: BrowserContext; page: Page }> {
  const baseURL = localhostUrl(stack.app.url);
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 812 : 800 }, baseURL });
  const key = JSON.stringify(THEME_STORAGE_KEY);
  await context.addInitScript(storageInitScript(`localStorage.setItem(${key}, ${JSON.stringify(JSON.stringify({ data: theme }))});`));
  if (shot.as) await signInContext(context, stack, founders[shot.as], { browserAuthUrl: localhostUrl(stack.config.auth.url), skipMfa: !shot.enrol });
  const page = await context.newPage();
  await page.goto(shot.as ? "/" : "/sign-in");
  return { context, page };
}

async function main(): Promise<void> {
  ensureWebBuild();
  fs.mkdirSync(OUT_DIR, { recursive: true });
  stack = await bootStack();
  const browser = await launchChromium();
  let checked = 0;
  const problems: string[] = [];
  try {
    const founders: Founders = {
      fresh: await createFounder(stack),
      inProgress: await seedFounder({ complete: false }),
      done: await seedFounder({ complete: true }),
      admin: await seedAdmin(),
    };
    for (const shot of SHOTS.filter((s) => !only || s.name.includes(only))) {
      for (const width of shot.widths ?? WIDTHS) {
        for (const theme of THEMES) {
          const file = `${shot.name}-${theme}-${width}.png`;
          const { context, page } = await open(browser, width, theme, shot, founders);
          try {
            await shot.show(page, founders);
            await page.waitForLoadState("networkidle").catch(() => undefined);
            await page.evaluate("document.fonts.ready.then(() => true)");
            await page.waitForTimeout(300);
            await page.screenshot({ path: path.join(OUT_DIR, file), fullPage: true });
            const axe = await new AxeBuilder({ page }).analyze();
            checked += 1;
            for (const v of axe.violations) problems.push(`${file}: ${v.id} (${v.nodes.length}) ${v.help}`);
            console.log(`${axe.violations.length ? "AXE " : "ok  "} ${file}`);
          } catch (err) {
            problems.push(`${file}: ${err instanceof Error ? err.message.split("\n")[0] : String(err)}`);
            console.log(`FAIL ${file}`);
          } finally {
            await context.close();
          }
        }
      }
    }
  } finally {
    await browser.close();
    await stack.close();
  }
  console.log(`\n${checked} screens photographed and checked by axe into ${path.relative(process.cwd(), OUT_DIR)}/`);
  if (problems.length) {
    console.log(`${problems.length} problem(s):\n${problems.join("\n")}`);
    process.exitCode = 1;
  }
}

await main();
