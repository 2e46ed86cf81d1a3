// The one list of every screen and dialog, and the founders seeded to show them: `npm run
// screenshots` photographs each and the accessibility suite scans each, at 375 and 1280 px, both themes.
import { randomUUID } from "node:crypto";
import type { Session } from "@supabase/supabase-js";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { timestampNow } from "../../server/src/contract/rules";
import { apiCall } from "./api";
import type { TestStack } from "./stack";
import {
  createAuthUser,
  founderAt,
  passIdentity,
  signInContext,
  signInThroughApi,
  type EntryFounder,
  type Founder,
} from "./founders";
import { localhostUrl, newBrowserContext } from "./browser";
import { BROWSER_MOTION, THEME_STORAGE_KEY, type Theme } from "./e2e-harness";
import { storageInitScript } from "./init-script";
import { focusSettled } from "./screens";
import { scaled } from "./machine";

export const WIDTHS = [375, 1280] as const;
export const THEMES: readonly Theme[] = ["light", "dark"];

export interface Founders {
  fresh: Founder;
  /** Strategy, organization and profile; identity check not done (step 3 shows the widget). */
  inProgress: Founder & { strategyId: number };
  /** As inProgress with the identity check passed (step 3 shows the owners), not submitted. */
  verified: Founder & { strategyId: number };
  /** Submitted, with a verified additional owner (long address) and one still to verify. */
  done: Founder & { strategyId: number };
  admin: Founder;
}

export interface Shot {
  name: string;
  as?: keyof Founders;
  /** Leave enrolment not skipped (the enrol view). */
  enrol?: boolean;
  widths?: readonly number[];
  /** Where the page opens (default / signed in, /sign-in signed out): the screen's own address, so it loads once. */
  path?: (f: Founders) => string;
  /** Brings the page (already at `path`) to the state to photograph and check. */
  show(page: Page, f: Founders): Promise<void>;
}

/** An address long enough to show how owner rows, popovers and dialogs cope with one. */
const LONG_OWNER_EMAIL = "alexandra.montgomery-fitzgerald.cofounder@example-holdings.com";

const heading = (page: Page, name: string) => page.getByRole("heading", { name }).first().waitFor();

const shown = (f: EntryFounder): Founder & { strategyId: number } => ({
  id: f.id,
  email: f.email,
  password: f.password,
  firstName: f.firstName,
  lastName: f.lastName,
  strategyId: f.strategyId,
});

/** A founder with a strategy, organization, profile, DAF and additional owners, taken as far as `stage` (founderAt). */
async function seedFounder(
  stack: TestStack,
  stage: "entry" | "identity" | "submitted",
): Promise<Founder & { strategyId: number }> {
  const coOwner = `co-owner-${randomUUID().slice(0, 6)}@example.com`;
  if (stage === "entry") return shown(await founderAt("entry", { on: stack, owners: [coOwner] }));
  const founder = await founderAt("identity", { on: stack, owners: [LONG_OWNER_EMAIL, coOwner] });
  if (stage === "identity") return shown(founder);
  // Submitted: one owner has verified (details entered, check passed), one has not yet.
  const verifiedOwner = founder.owners[0]!.personId;
  await apiCall(stack.app.url, founder.token, "PATCH", `/api/persons/${verifiedOwner}`, {
    first_name: "Alexandra",
    last_name: "Montgomery-Fitzgerald",
    dob: "1980-01-02",
    ssn: "587654321",
    phone: "3025550101",
    address_line1: "1200 Orange Street, Suite 600",
    city: "Wilmington",
    state: "us_state_delaware",
    zip: "19801",
    marital_status: "marital_status_married",
  });
  await passIdentity(stack, verifiedOwner);
  await apiCall(stack.app.url, founder.token, "PUT", `/api/strategies/${founder.strategyId}`, {
    entry_completed_at: timestampNow(),
    attested: true,
  });
  return shown(founder);
}

const seedAdmin = (stack: TestStack): Promise<Founder> =>
  createAuthUser(stack.config.auth, { firstName: "Alan", lastName: "Turing", roles: ["user", "admin"] });

/** The five founders, seeded side by side (each through its own account: nothing shared). */
export async function seedFounders(stack: TestStack): Promise<Founders> {
  const [fresh, inProgress, verified, done, admin] = await Promise.all([
    createAuthUser(stack.config.auth),
    seedFounder(stack, "entry"),
    seedFounder(stack, "identity"),
    seedFounder(stack, "submitted"),
    seedAdmin(stack),
  ]);
  return { fresh, inProgress, verified, done, admin };
}

const verifiedStep3 = (f: Founders) => `/create-foundation/${f.verified.strategyId}/3`;

/** Step 3's owners list (the page at verifiedStep3), its per-owner menu opened on the first owner. */
async function openOwnerMenu(page: Page): Promise<void> {
  await page.getByRole("heading", { name: "Additional owners", exact: true }).waitFor();
  await page
    .getByRole("button", { name: /^Actions for/ })
    .first()
    .click();
  await page.getByRole("menuitem", { name: "Edit Email" }).waitFor();
}

export const SHOTS: Shot[] = [
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
  {
    // The pending view gave up after its 5 s: sign-in says where the mail went, with a resend.
    name: "sign-in-mail-sent",
    show: async (p) => {
      await p.evaluate(`sessionStorage.setItem("pendingEmailVerification", '{"email":"new.founder@example.com"}')`);
      await p.reload();
      await p.getByRole("button", { name: "Send the email again" }).waitFor({ timeout: 30_000 });
    },
  },
  {
    name: "mfa-enroll",
    as: "fresh",
    enrol: true,
    show: async (p) => {
      const secret = p.getByTestId("totp-secret");
      const startOver = p.getByRole("button", { name: "Start over here" });
      // The other theme's context enrolled first: to this one, another browser (docs/decisions/0193).
      await secret.or(startOver).first().waitFor();
      if (await startOver.isVisible()) await startOver.click();
      await secret.waitFor();
    },
  },
  // The empty dashboard's next step, and the side menu's 'Nothing yet' (at 1280 px, where it shows).
  {
    name: "dashboard-empty",
    as: "fresh",
    show: async (p) => p.getByRole("heading", { name: "Start your Founder Foundation" }).waitFor(),
  },
  {
    name: "notifications",
    as: "done",
    show: async (p) => {
      await heading(p, "Account Strategies");
      await focusSettled(p);
      await p.getByRole("button", { name: /^Notifications/ }).click();
      await p.getByRole("button", { name: "Close notifications" }).waitFor();
      await p.getByRole("list", { name: "Notifications list" }).or(p.getByText("No notifications")).first().waitFor();
    },
  },
  {
    name: "sign-out-menu",
    as: "done",
    widths: [1280], // below 640 px it is in the menu drawer (the shot "menu-drawer")
    show: async (p) => {
      await heading(p, "Account Strategies");
      await focusSettled(p);
      await p.getByRole("button", { name: "Sign-out choices" }).click();
      await p.getByRole("menuitem", { name: /Sign out everywhere/ }).waitFor();
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
    path: () => "/create-foundation",
    show: async (p) => {
      await heading(p, "Choose strategy");
    },
  },
  {
    name: "choose-strategy-more",
    as: "fresh",
    path: () => "/create-foundation",
    show: async (p) => {
      await heading(p, "Choose strategy");
      await p.getByRole("button", { name: /^More/ }).click();
      await p.getByRole("button", { name: "Select" }).waitFor();
    },
  },
  ...[1, 2, 3, 4, 5].map((step): Shot => {
    // Steps 4 and 5 open once the identity check is done (docs/decisions/0145): the verified founder's.
    const as = step >= 4 ? "verified" : "inProgress";
    return {
      name: `step-${step}`,
      as,
      path: (f) => `/create-foundation/${f[as].strategyId}/${step}`,
      show: async (p) => {
        await p.locator('[aria-current="step"]').waitFor();
        await p.getByRole("button", { name: step === 5 ? "Approve" : "Next" }).waitFor();
        if (step === 3)
          await p
            .locator("iframe")
            .first()
            .waitFor({ timeout: scaled(15_000) })
            .catch(() => undefined);
      },
    };
  }),
  {
    // Approve's confirmation: what is filed, who is mailed, the fees, the attestation.
    name: "dialog-approve",
    as: "verified",
    path: (f) => `/create-foundation/${f.verified.strategyId}/5`,
    show: async (p) => {
      await p.getByRole("button", { name: "Approve" }).click();
      await p
        .getByRole("dialog", { name: "Submit your foundation?" })
        .getByRole("button", { name: "Cancel" })
        .waitFor();
    },
  },
  {
    name: "step-3-owners",
    as: "verified",
    path: verifiedStep3,
    show: async (p) => {
      await p.getByRole("heading", { name: "Additional owners", exact: true }).waitFor();
    },
  },
  { name: "step-3-owner-menu", as: "verified", path: verifiedStep3, show: openOwnerMenu },
  {
    name: "dialog-edit-email",
    as: "verified",
    path: verifiedStep3,
    show: async (p) => {
      await openOwnerMenu(p);
      await p.getByRole("menuitem", { name: "Edit Email" }).click();
      await p.getByRole("dialog").getByLabel("Email").waitFor();
    },
  },
  {
    name: "dialog-delete-owner",
    as: "verified",
    path: verifiedStep3,
    show: async (p) => {
      await openOwnerMenu(p);
      await p.getByRole("menuitem", { name: "Delete" }).click();
      await p.getByRole("dialog").getByRole("button", { name: "Cancel" }).waitFor();
    },
  },
  {
    name: "dialog-add-additional-owner",
    as: "verified",
    path: verifiedStep3,
    show: async (p) => {
      await p.getByRole("button", { name: "Add owner" }).click();
      await p.getByRole("dialog").getByLabel("Email").waitFor();
    },
  },
  { name: "dashboard-in-progress", as: "inProgress", show: async (p) => p.getByText("IN PROGRESS").first().waitFor() },
  { name: "dashboard-submitted", as: "done", show: async (p) => heading(p, "Foundations") },
  {
    name: "step-3-submitted",
    as: "done",
    path: (f) => `/create-foundation/${f.done.strategyId}/3`,
    show: async (p) => p.getByText(/^When you submitted, we emailed each owner/).waitFor(),
  },
  {
    name: "step-5-submitted",
    as: "done",
    path: (f) => `/create-foundation/${f.done.strategyId}/5`,
    show: async (p) => {
      await p
        .getByText(/^Submitted on/)
        .first()
        .waitFor();
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
  ).map(([name, route, title]): Shot => ({
    name,
    as: "done",
    path: () => route,
    show: async (p) => {
      await heading(p, title);
      await p
        .getByRole("button", { name: "Done" })
        .or(p.getByRole("button", { name: "Add owner" }))
        .first()
        .waitFor();
    },
  })),
  {
    name: "dialog-add-owner",
    as: "done",
    path: () => "/edit-others",
    show: async (p) => {
      await p.getByRole("button", { name: "Add owner" }).click();
      await p.getByRole("dialog").getByLabel("Email").waitFor();
    },
  },
  {
    name: "dialog-update-license",
    as: "done",
    path: () => "/edit-profile",
    show: async (p) => {
      await heading(p, "Edit Profile");
      await p.getByRole("button", { name: "Update license" }).click();
      // A verified founder: what updating means, before any new check starts.
      await p.getByRole("dialog").getByRole("button", { name: "Start new check" }).waitFor();
    },
  },
  {
    name: "admin",
    as: "admin",
    path: () => "/admin",
    show: async (p) => {
      await heading(p, "User Management (Dev)");
    },
  },
];

export function selectShots(only?: string): Shot[] {
  return SHOTS.filter((s) => !only || s.name.includes(only));
}

export function variantCount(shots: readonly Shot[]): number {
  return shots.reduce((n, s) => n + (s.widths ?? WIDTHS).length * THEMES.length, 0);
}

/** The window of a width: a phone's height below 600 px, a laptop's above. */
function viewport(width: number): { width: number; height: number } {
  return { width, height: width < 600 ? 812 : 800 };
}

/** Shows the catalogue's screens in one warm page per founder and theme (docs/decisions/0120). */
export class ShotBrowser {
  private readonly sessions = new Map<string, Promise<Session>>();
  private readonly pages = new Map<string, Promise<{ context: BrowserContext; page: Page }>>();

  constructor(
    private readonly browser: Browser,
    private readonly stack: TestStack,
    readonly founders: Founders,
  ) {}

  /** The shot in one theme, loaded once and resized through its widths; `failed` gets the page and width that failed. */
  async visit(
    shot: Shot,
    theme: Theme,
    atWidth: (page: Page, width: number) => Promise<void>,
    failed?: (page: Page, width: number) => Promise<void>,
  ): Promise<void> {
    const [first, ...more] = shot.widths ?? WIDTHS;
    let width = first!;
    const { page } = await this.pageFor(shot, theme);
    try {
      await page.setViewportSize(viewport(width));
      await page.goto(shot.path?.(this.founders) ?? (shot.as ? "/" : "/sign-in"));
      await shot.show(page, this.founders);
      await this.settle(page);
      await atWidth(page, width);
      for (width of more) {
        await page.setViewportSize(viewport(width));
        await this.settle(page);
        await atWidth(page, width);
      }
    } catch (err) {
      await failed?.(page, width).catch(() => undefined);
      throw err;
    }
  }

  async close(): Promise<void> {
    const opened = await Promise.allSettled(this.pages.values());
    this.pages.clear();
    await Promise.all(opened.map((o) => (o.status === "fulfilled" ? o.value.context.close() : undefined)));
  }

  /** The page of the shot's founder (signed in, enrolment skipped unless the shot shows it), or of nobody, in the theme. */
  private pageFor(shot: Shot, theme: Theme): Promise<{ context: BrowserContext; page: Page }> {
    const key = `${shot.as ?? ""}:${shot.enrol ? "enrol" : ""}:${theme}`;
    let opened = this.pages.get(key);
    if (!opened) this.pages.set(key, (opened = this.newPage(shot, theme)));
    return opened;
  }

  private async newPage(shot: Shot, theme: Theme): Promise<{ context: BrowserContext; page: Page }> {
    const context = await newBrowserContext(this.browser, {
      viewport: viewport(WIDTHS[0]),
      baseURL: localhostUrl(this.stack.app.url),
      reducedMotion: BROWSER_MOTION,
    });
    const key = JSON.stringify(THEME_STORAGE_KEY);
    await context.addInitScript(
      storageInitScript(`localStorage.setItem(${key}, ${JSON.stringify(JSON.stringify({ data: theme }))});`),
    );
    if (shot.as) {
      const founder = this.founders[shot.as];
      let session = this.sessions.get(founder.email);
      if (!session) this.sessions.set(founder.email, (session = signInThroughApi(this.stack, founder)));
      await signInContext(context, this.stack, founder, {
        browserAuthUrl: localhostUrl(this.stack.config.auth.url),
        skipMfa: !shot.enrol,
        session: await session,
      });
    }
    return { context, page: await context.newPage() };
  }

  /** Lets the page settle before a picture or a scan: layout after a resize, fonts, transitions. */
  private async settle(page: Page): Promise<void> {
    // Pages with the identity widget keep a connection busy: network idle is waited for briefly, not 30 s.
    await page.waitForLoadState("networkidle", { timeout: scaled(3_000) }).catch(() => undefined);
    // Two frames: a resize's media-query listeners have re-rendered and the layout is done.
    await page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))");
    await page.evaluate("document.fonts.ready.then(() => true)");
    await page.waitForTimeout(300);
  }
}
