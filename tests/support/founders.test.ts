// founderAt, the browser suites' founder builder, against the real local stack: each stage is what
// the API then shows (read here independently of the builder's own check), a stage the API does not
// show fails the builder instead of the suite that trusted it, and stageOf reads a record's stage.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AllData } from "../../server/src/contract/entities";
import { bootStack, type TestStack } from "./stack";
import { apiCall } from "./api";
import { founderAt, stageOf, uniqueEmail, type ProfiledFounder } from "./founders";
import { PROFILE } from "./entry";
import { timestampNow } from "../../server/src/contract/rules";

let stack: TestStack;
beforeAll(async () => {
  stack = await bootStack();
});
afterAll(async () => stack?.close());

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?$/;
const allData = (f: ProfiledFounder) =>
  apiCall<AllData>(stack.app.url, f.token, "GET", `/api/accounts/${f.accountId}/all_data`);

describe("founderAt", () => {
  it("signed-up: an auth user whose token the app accepts, with nothing entered", async () => {
    const f = await founderAt("signed-up", {
      on: stack,
      founder: { firstName: "Grace", lastName: "Hopper", roles: ["user", "admin"] },
    });
    expect(f.session.user.id).toBe(f.id);
    expect(f.session.user.user_metadata).toMatchObject({ full_name: "Grace Hopper" });
    expect(f.session.user.app_metadata.roles).toEqual(["user", "admin"]);
    const { account_id } = await apiCall<{ account_id: number }>(
      stack.app.url,
      f.token,
      "GET",
      `/api/accounts/user/${f.id}`,
    );
    const all = await apiCall<AllData>(stack.app.url, f.token, "GET", `/api/accounts/${account_id}/all_data`);
    expect(all).toMatchObject({ persons: [], strategies: [], organizations: [] });
    expect(stageOf(all)).toBe("signed-up");
  });

  it("profile: the account and the primary holder's profile, no strategy", async () => {
    const f = await founderAt("profile", { on: stack });
    const all = await allData(f);
    expect(all.account.primary_account_holder).toMatchObject({
      person_id: f.personId,
      first_name: PROFILE.first_name,
      city: PROFILE.city,
    });
    expect(all.strategies).toEqual([]);
    expect(stageOf(all)).toBe("profile");
  });

  it("entry: strategy, organization with the founder and the owners linked, DAF and custodian; identity not checked", async () => {
    const owners = [uniqueEmail("owner-a"), uniqueEmail("owner-b")];
    const f = await founderAt("entry", {
      on: stack,
      owners,
      daf: { donor_advised_fund: "Acme Donor Fund", custodian: "custodian_fidelity" },
    });
    const all = await allData(f);
    expect(all.strategies).toMatchObject([{ strategy_id: f.strategyId, entry_completed_at: null }]);
    expect(all.organizations).toMatchObject([
      { organization_id: f.organizationId, donor_advised_fund: "Acme Donor Fund", custodian: "custodian_fidelity" },
    ]);
    expect(f.owners.map((o) => o.email)).toEqual(owners);
    expect(all.organization_users).toEqual(
      expect.arrayContaining([
        { organization_id: f.organizationId, person_id: f.personId, primary_holder: true },
        ...f.owners.map((o) => ({ organization_id: f.organizationId, person_id: o.personId, primary_holder: false })),
      ]),
    );
    expect(all.account.primary_account_holder!.sumsub_review_answer).toBeNull();
    expect(stageOf(all)).toBe("entry");
  });

  it("identity: the holder's check passed at the provider, not yet submitted", async () => {
    const f = await founderAt("identity", { on: stack });
    const holder = await apiCall<{ sumsub_review_answer: string | null; sumsub_completed_at: string | null }>(
      stack.app.url,
      f.token,
      "GET",
      `/api/persons/${f.personId}`,
    );
    expect(holder).toMatchObject({
      sumsub_review_answer: "GREEN",
      sumsub_completed_at: expect.stringMatching(TIMESTAMP),
    });
    expect(stageOf(await allData(f))).toBe("identity");
  });

  it("submitted: a submitted record, readable over the API, that the server then keeps read-only", async () => {
    const f = await founderAt("submitted", { on: stack });
    const strategy = await apiCall<{ entry_completed_at: string | null }>(
      stack.app.url,
      f.token,
      "GET",
      `/api/strategies/${f.strategyId}`,
    );
    expect(strategy.entry_completed_at).toMatch(TIMESTAMP);
    // The server holds it submitted (a second Approve is refused), not just a date the builder wrote.
    await expect(
      apiCall(stack.app.url, f.token, "PUT", `/api/strategies/${f.strategyId}`, {
        entry_completed_at: timestampNow(),
        attested: true,
      }),
    ).rejects.toThrow(/already_submitted/);
    expect(stageOf(await allData(f))).toBe("submitted");
  });

  it("fails when the API does not show the stage asked for (a DAF step that chooses none)", async () => {
    await expect(founderAt("entry", { on: stack, daf: { donor_advised_fund: null, custodian: null } })).rejects.toThrow(
      'founderAt("entry"): the API shows the founder at "profile"',
    );
  });
});

describe("founderAt's options for what a stage cannot say", () => {
  it("strategy: a bare strategy at signed-up, no profile", async () => {
    const f = await founderAt("signed-up", { on: stack, strategy: true });
    const all = await apiCall<AllData>(stack.app.url, f.token, "GET", `/api/accounts/${f.accountId}/all_data`);
    expect(all).toMatchObject({ persons: [], strategies: [{ strategy_id: f.strategyId }], organizations: [] });
  });

  it("marked, daf false: the marker in the holder, an unlinked add-on owner, no DAF chosen", async () => {
    const f = await founderAt("entry", { on: stack, marked: true, daf: false });
    const all = await allData(f);
    expect(all.account.primary_account_holder).toMatchObject({ first_name: f.marker, city: f.marker });
    expect(all.persons.find((p) => p.person_id === f.addonId)?.email).toBe(`${f.marker.toLowerCase()}@example.com`);
    expect(all.organization_users.map((u) => u.person_id)).toEqual([f.personId]);
    expect(all.organizations[0]).toMatchObject({ name_1: `${f.marker} LLC`, donor_advised_fund: null });
    expect(stageOf(all)).toBe("profile");
  });
});

describe("stageOf", () => {
  it("reads each stage's facts from the record, and a record short of one as the stage before", async () => {
    const all = await allData(await founderAt("submitted", { on: stack }));
    const holder = all.account.primary_account_holder!;
    const strategy = all.strategies[0]!;
    const organization = all.organizations[0]!;
    const edit = (
      change: Partial<{ holder: object; strategy: object; organization: object; links: AllData["organization_users"] }>,
    ): AllData => ({
      ...all,
      account: { ...all.account, primary_account_holder: { ...holder, ...change.holder } },
      strategies: [{ ...strategy, ...change.strategy }],
      organizations: [{ ...organization, ...change.organization }],
      organization_users: change.links ?? all.organization_users,
    });
    expect(stageOf(all)).toBe("submitted");
    expect(stageOf(edit({ strategy: { entry_completed_at: null } }))).toBe("identity");
    expect(stageOf(edit({ strategy: { entry_completed_at: null }, holder: { sumsub_review_answer: "RED" } }))).toBe(
      "entry",
    );
    expect(stageOf(edit({ organization: { custodian: null } }))).toBe("profile");
    expect(stageOf(edit({ organization: { donor_advised_fund: null } }))).toBe("profile");
    expect(stageOf(edit({ links: [] }))).toBe("profile");
    expect(stageOf({ ...all, strategies: [], organizations: [], organization_users: [] })).toBe("profile");
    expect(stageOf({ ...all, account: { ...all.account, primary_account_holder: null } })).toBe("signed-up");
  });
});
