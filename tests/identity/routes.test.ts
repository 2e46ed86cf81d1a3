// /api/sumsub over HTTP against a real app, a real identity emulator and an SMTP sink:
// access tokens only for the caller's own person, webhooks refused unless signed (and changing
// nothing then), idempotent replays, completion confirmed with the provider (never the browser's
// word), and owner emails with working hosted links.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { computeWebhookDigest, type DigestAlgorithm } from "../../server/src/identity/webhook-digest";
import { LOCAL_IDENTITY } from "../../server/src/config";
import { createTestApp } from "../support/app";
import { startIdentityHarness, type IdentityFounder, type IdentityHarness } from "./harness";
import { scaled } from "../support/machine";
import { completeCheck } from "../support/founders";
import { OWNER_MAILS_PER_RECIPIENT_PER_DAY } from "../../server/src/domain/owner-mails";

let h: IdentityHarness;
beforeAll(async () => {
  h = await startIdentityHarness();
});
afterAll(async () => {
  await h?.close();
});

const SPEC_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?$/; // no trailing Z

function tokenUrl(token: string): string {
  const [, payload] = token.replace("_act-sbx-jwt-", "").replace("-v2", "").split(".");
  return (JSON.parse(atob(payload ?? "")) as { url: string }).url;
}

async function accessToken(f: IdentityFounder, body?: unknown) {
  const req = h.t.http.post("/api/sumsub/access_token").set(f.auth);
  return body === undefined ? req : req.send(body as object);
}

function reviewedEvent(personId: number, applicantId: string, answer: "GREEN" | "RED", createdAt = new Date()) {
  return {
    applicantId,
    inspectionId: "5cb56e8e0a975a35f333cb84",
    applicantType: "individual",
    correlationId: `req-${applicantId}-${answer}`,
    externalUserId: `ff-person-${personId}`,
    levelName: "id-and-liveness",
    type: "applicantReviewed",
    sandboxMode: true,
    reviewResult:
      answer === "GREEN"
        ? { reviewAnswer: "GREEN" }
        : { reviewAnswer: "RED", rejectLabels: ["FORGERY"], reviewRejectType: "FINAL" },
    reviewStatus: "completed",
    createdAtMs: createdAt.toISOString().replace("T", " ").slice(0, 23),
    clientId: "test",
  };
}

function postWebhook(raw: string, headers: Record<string, string>) {
  return fetch(`${h.appUrl}/api/sumsub/webhook`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: raw,
  });
}

function signed(raw: string, alg: DigestAlgorithm = "HMAC_SHA256_HEX", secret: string = LOCAL_IDENTITY.webhookSecret) {
  return { "X-Payload-Digest": computeWebhookDigest(alg, secret, raw), "X-Payload-Digest-Alg": alg };
}

describe("POST /api/sumsub/access_token", () => {
  it("needs a bearer token", async () => {
    const res = await h.t.http.post("/api/sumsub/access_token").send({});
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  });

  it("answers a token for the caller's own person, with the bare body and with the full body of requirements §7", async () => {
    const f = await h.founder();
    const bare = await accessToken(f);
    expect(bare.status).toBe(200);
    expect(Object.keys(bare.body)).toEqual(["token"]);
    expect(tokenUrl(bare.body.token)).toBe(h.emulator.url);

    const empty = await accessToken(f, {});
    expect(empty.status).toBe(200);

    const full = await accessToken(f, {
      user_id: f.email.toUpperCase(),
      level_name: "id-and-liveness",
      ttl_in_seconds: 900,
      applicant_identifiers: { email: f.email, phone: "2125550123" },
    });
    expect(full.status).toBe(200);

    // The token is bound to this founder's person: the applicant it opens is theirs.
    const session = await h.widget("session", { token: full.body.token });
    expect(session.status).toBe(200);
    const { applicantId } = (await session.json()) as { applicantId: string };
    expect((await h.sumsub.getApplicant(applicantId)).externalUserId).toBe(`ff-person-${f.personId}`);
  });

  it("is 404 for another founder's email and for a founder with no person yet", async () => {
    const a = await h.founder();
    const b = await h.founder();
    const res = await accessToken(a, { user_id: b.email, level_name: "id-and-liveness", ttl_in_seconds: 900 });
    expect(res.status).toBe(404);
    const nobody = await h.founder({ noPerson: true });
    expect((await accessToken(nobody)).status).toBe(404);
  });

  it("is 400 for a malformed body", async () => {
    const f = await h.founder();
    expect((await accessToken(f, { ttl_in_seconds: "soon" })).status).toBe(400);
    expect((await accessToken(f, { user_id: 42 })).status).toBe(400);
    expect((await accessToken(f, { ttl_in_seconds: 10 ** 9 })).status).toBe(400);
    expect((await accessToken(f, ["not", "an", "object"])).status).toBe(400);
    const badJson = await h.t.http
      .post("/api/sumsub/access_token")
      .set(f.auth)
      .set("Content-Type", "application/json")
      .send("{not json");
    expect(badJson.status).toBe(400);
  });
});

describe("POST /api/sumsub/webhook", () => {
  it("refuses a missing, bad, mislabelled or foreign-secret digest with 401 and changes nothing", async () => {
    const f = await h.founder();
    const raw = JSON.stringify(reviewedEvent(f.personId, "aaaaaaaaaaaaaaaaaaaaaaaa", "GREEN"));
    const sha256 = signed(raw)["X-Payload-Digest"];
    const attempts: Record<string, string>[] = [
      {},
      { "X-Payload-Digest-Alg": "HMAC_SHA256_HEX" },
      { "X-Payload-Digest": "0".repeat(64), "X-Payload-Digest-Alg": "HMAC_SHA256_HEX" },
      // Right digest, wrong algorithm named.
      { "X-Payload-Digest": sha256, "X-Payload-Digest-Alg": "HMAC_SHA512_HEX" },
      { "X-Payload-Digest": sha256, "X-Payload-Digest-Alg": "HMAC_MD5_HEX" },
      // Signed with the app secret instead of the webhook secret (a classic integration bug).
      signed(raw, "HMAC_SHA256_HEX", LOCAL_IDENTITY.secretKey),
    ];
    for (const headers of attempts) {
      const res = await postWebhook(raw, headers);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: "unauthorized" });
    }
    // A body changed after signing.
    const tampered = await postWebhook(raw.replace(`ff-person-${f.personId}`, `ff-person-${f.personId} `), signed(raw));
    expect(tampered.status).toBe(401);

    const p = await h.person(f, f.personId);
    expect(p).toMatchObject({ sumsub_completed_at: null, sumsub_review_answer: null, sumsub_applicant_id: null });
    expect(await h.notifications(f)).toEqual([]);
  });

  /** A check the provider ran and passed (or failed): its applicant's id, as its webhook names it. */
  const providerCheck = (f: IdentityFounder, answer: "GREEN" | "RED" = "GREEN") => {
    h.webhooks.forwardTo = null; // the app hears of it only from the webhooks these tests post
    return completeCheck(h.t.config.identity, f.personId, answer);
  };

  it("GREEN verifies the person once (timestamp without Z, one notification); replays change nothing", async () => {
    const f = await h.founder();
    const applicantId = await providerCheck(f);
    // One delivery, replayed under each accepted algorithm (Sumsub delivers at least once).
    const raw = JSON.stringify(reviewedEvent(f.personId, applicantId, "GREEN"));
    const results: string[] = [];
    for (const alg of ["HMAC_SHA256_HEX", "HMAC_SHA512_HEX", "HMAC_SHA256_HEX"] as const) {
      const res = await postWebhook(raw, signed(raw, alg));
      expect(res.status).toBe(200);
      results.push(((await res.json()) as { result: string }).result);
    }
    expect(results).toEqual(["verified", "duplicate", "duplicate"]);
    const p = await h.person(f, f.personId);
    expect(p.sumsub_review_answer).toBe("GREEN");
    expect(p.sumsub_applicant_id).toBe(applicantId);
    expect(p.sumsub_completed_at).toMatch(SPEC_TIMESTAMP);
    const first = p.sumsub_completed_at;
    const notes = await h.notifications(f);
    expect(notes.map((n) => n.title)).toEqual(["Identity verified"]);
    expect((await h.person(f, f.personId)).sumsub_completed_at).toBe(first);
  });

  it("RED records the rejection; a RED older than an approval is ignored, a newer one withdraws it", async () => {
    const f = await h.founder();
    const applicantId = await providerCheck(f);
    const red = JSON.stringify(reviewedEvent(f.personId, applicantId, "RED"));
    expect((await postWebhook(red, signed(red))).status).toBe(200);
    expect(await h.person(f, f.personId)).toMatchObject({ sumsub_review_answer: "RED", sumsub_completed_at: null });
    expect((await postWebhook(red, signed(red))).status).toBe(200);
    expect((await h.notifications(f)).map((n) => n.title)).toEqual(["Identity check not passed"]);

    const green = JSON.stringify(reviewedEvent(f.personId, applicantId, "GREEN"));
    expect((await postWebhook(green, signed(green))).status).toBe(200);
    expect((await h.person(f, f.personId)).sumsub_review_answer).toBe("GREEN");

    const stale = JSON.stringify(reviewedEvent(f.personId, applicantId, "RED", new Date(Date.now() - 3_600_000)));
    expect((await postWebhook(stale, signed(stale))).status).toBe(200);
    expect((await h.person(f, f.personId)).sumsub_review_answer).toBe("GREEN");

    const later = JSON.stringify(reviewedEvent(f.personId, applicantId, "RED", new Date(Date.now() + 60_000)));
    expect((await postWebhook(later, signed(later))).status).toBe(200);
    expect(await h.person(f, f.personId)).toMatchObject({ sumsub_review_answer: "RED", sumsub_completed_at: null });
  });

  it("a correctly signed GREEN the provider does not confirm changes nothing: an unknown applicant, another person's, a check not passed", async () => {
    const f = await h.founder();
    const other = await h.founder();
    const othersApplicant = await providerCheck(other);
    const failed = await providerCheck(f, "RED");
    const cases: [string, string][] = [
      ["unknown to the provider", "abcdefabcdefabcdefabcdef"],
      ["another person's (bound to them by externalUserId)", othersApplicant],
      ["this person's, but the provider's review is RED", failed],
    ];
    for (const [what, applicantId] of cases) {
      const raw = JSON.stringify({ ...reviewedEvent(f.personId, applicantId, "GREEN"), correlationId: `req-${what}` });
      const res = await postWebhook(raw, signed(raw));
      expect(res.status, what).toBe(200); // acknowledged, so the provider stops re-sending it
      expect(((await res.json()) as { result: string }).result, what).toBe("unconfirmed");
    }
    expect(await h.person(f, f.personId)).toMatchObject({ sumsub_completed_at: null, sumsub_review_answer: null });
    expect(await h.notifications(f)).toEqual([]);
  });

  it("a GREEN is confirmed with the provider before it counts: the provider unreachable is 502 (delivered again later), nothing recorded", async () => {
    const f = await h.founder();
    const applicantId = await providerCheck(f);
    const raw = JSON.stringify(reviewedEvent(f.personId, applicantId, "GREEN"));
    const offline = await createTestApp({ SUMSUB_BASE_URL: "http://127.0.0.1:9" }, { instanceOf: h.t });
    try {
      const res = await offline.http
        .post("/api/sumsub/webhook")
        .set({ "Content-Type": "application/json", ...signed(raw) })
        .send(raw);
      expect(res.status).toBe(502);
    } finally {
      await offline.close();
    }
    expect(await h.person(f, f.personId)).toMatchObject({ sumsub_completed_at: null, sumsub_review_answer: null });
    // The same delivery again, the provider back: applied.
    expect(((await (await postWebhook(raw, signed(raw))).json()) as { result: string }).result).toBe("verified");
  });

  it("binds events by externalUserId only: an applicant id a founder wrote on their person proves nothing", async () => {
    const f = await h.founder();
    const patched = await h.t.http
      .patch(`/api/persons/${f.personId}`)
      .set(f.auth)
      .send({ sumsub_applicant_id: "eeeeeeeeeeeeeeeeeeeeeeee" });
    expect(patched.status).toBe(200);
    const event = {
      ...reviewedEvent(f.personId, "eeeeeeeeeeeeeeeeeeeeeeee", "GREEN"),
      externalUserId: "created-in-the-dashboard",
    };
    const raw = JSON.stringify(event);
    expect((await postWebhook(raw, signed(raw))).status).toBe(200);
    expect(await h.person(f, f.personId)).toMatchObject({ sumsub_completed_at: null, sumsub_review_answer: null });
  });

  it("acknowledges events for unknown people and refuses unsigned garbage", async () => {
    const raw = JSON.stringify(reviewedEvent(987654, "dddddddddddddddddddddddd", "GREEN"));
    expect((await postWebhook(raw, signed(raw))).status).toBe(200);
    const notJson = "not json at all";
    expect((await postWebhook(notJson, signed(notJson))).status).toBe(400);
    expect((await postWebhook(notJson, {})).status).toBe(401);
  });
});

describe("POST /api/sumsub/confirm", () => {
  it("reads the review from the provider: pending is not verified, GREEN is, even with no webhook", async () => {
    h.webhooks.forwardTo = null; // the app hears nothing from webhooks in this test
    const f = await h.founder();
    const before = await h.t.http.post("/api/sumsub/confirm").set(f.auth).send({});
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ person_id: f.personId, review_status: null, sumsub_completed_at: null });

    const { token } = (await accessToken(f)).body as { token: string };
    const { applicantId } = (await (await h.widget("session", { token })).json()) as { applicantId: string };

    // The widget's report of the applicant is checked: a foreign id is refused and not stored.
    const foreign = await h.t.http
      .post("/api/sumsub/confirm")
      .set(f.auth)
      .send({ applicant_id: "ffffffffffffffffffffffff" });
    expect(foreign.status).toBe(409);
    const loaded = await h.t.http.post("/api/sumsub/confirm").set(f.auth).send({ applicant_id: applicantId });
    expect(loaded.body).toMatchObject({
      sumsub_applicant_id: applicantId,
      review_status: "init",
      sumsub_completed_at: null,
    });

    for (const step of ["IDENTITY", "SELFIE"])
      expect((await h.widget("documents", { token }, { idDocSetType: step })).status).toBe(200);
    expect((await h.widget("submit", { token })).status).toBe(200);
    // The browser claims completion while the review is pending: nothing is recorded.
    const pending = await h.t.http.post("/api/sumsub/confirm").set(f.auth).send({});
    expect(pending.body).toMatchObject({
      review_status: "pending",
      sumsub_completed_at: null,
      sumsub_review_answer: null,
    });

    expect((await h.widget("review", { token }, { reviewAnswer: "GREEN" })).status).toBe(200);
    const done = await h.t.http.post("/api/sumsub/confirm").set(f.auth).send({});
    expect(done.body).toMatchObject({ review_status: "completed", sumsub_review_answer: "GREEN" });
    expect(done.body.sumsub_completed_at).toMatch(SPEC_TIMESTAMP);
    await h.t.http.post("/api/sumsub/confirm").set(f.auth).send({});
    expect((await h.notifications(f)).map((n) => n.title)).toEqual(["Identity verified"]);
  });

  it("is 404 for a person in another account", async () => {
    const a = await h.founder();
    const b = await h.founder();
    expect((await h.t.http.post("/api/sumsub/confirm").set(a.auth).send({ person_id: b.personId })).status).toBe(404);
  });
});

describe("POST /api/sumsub/new_check ('Update license' for the founder)", () => {
  const newCheck = (f: IdentityFounder | null, body: unknown = {}) => {
    const req = h.t.http.post("/api/sumsub/new_check");
    return (f ? req.set(f.auth) : req).send(body as object);
  };
  const confirm = async (f: IdentityFounder) =>
    (await h.t.http.post("/api/sumsub/confirm").set(f.auth).send({})).body as Record<string, unknown>;

  async function verify(f: IdentityFounder): Promise<void> {
    const { token } = (await accessToken(f)).body as { token: string };
    await h.widget("session", { token });
    for (const step of ["IDENTITY", "SELFIE"])
      expect((await h.widget("documents", { token }, { idDocSetType: step })).status).toBe(200);
    expect((await h.widget("submit", { token })).status).toBe(200);
    expect((await h.widget("review", { token }, { reviewAnswer: "GREEN" })).status).toBe(200);
    expect(await confirm(f)).toMatchObject({
      sumsub_review_answer: "GREEN",
      sumsub_completed_at: expect.stringMatching(SPEC_TIMESTAMP),
    });
  }

  it("resets the provider's applicant and clears the verification until the new check completes, which verifies again", async () => {
    h.webhooks.forwardTo = null;
    const f = await h.founder();
    await verify(f);
    const other = await h.founder();
    await verify(other);

    const res = await newCheck(f);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      person_id: f.personId,
      review_status: "init",
      sumsub_review_answer: null,
      sumsub_completed_at: null,
    });
    // The provider starts over (so the widget asks for a document), and the old GREEN does not come back.
    expect(await confirm(f)).toMatchObject({
      review_status: "init",
      sumsub_review_answer: null,
      sumsub_completed_at: null,
    });
    // Nobody else's check moved.
    expect(await confirm(other)).toMatchObject({ sumsub_review_answer: "GREEN", review_status: "completed" });

    await new Promise((r) => setTimeout(r, 1100)); // the provider's review times have whole seconds
    await verify(f);
  });

  it("is 401 without a token, 409 before any check, and 400 for a body naming anything (always the caller's own)", async () => {
    const f = await h.founder();
    expect((await newCheck(null)).status).toBe(401);
    const none = await newCheck(f);
    expect(none.status).toBe(409);
    expect(none.body).toMatchObject({ message: "There is no identity check to start again: start the first one" });
    const other = await h.founder();
    expect((await newCheck(f, { person_id: other.personId })).status).toBe(400);
    expect((await newCheck(f, [1])).status).toBe(400);
  });

  it("leaves a check still under way as it is", async () => {
    h.webhooks.forwardTo = null;
    const f = await h.founder();
    const { token } = (await accessToken(f)).body as { token: string };
    await h.widget("session", { token });
    for (const step of ["IDENTITY", "SELFIE"]) await h.widget("documents", { token }, { idDocSetType: step });
    await h.widget("submit", { token });
    expect((await newCheck(f)).body).toMatchObject({ review_status: "pending" });
    expect(await confirm(f)).toMatchObject({ review_status: "pending" });
  });
});

describe("POST /api/sumsub/send_sumsub_emails", () => {
  it("emails each owner a hosted link over SMTP and records the send; passing it verifies the owner by webhook", async () => {
    h.webhooks.forwardTo = `${h.appUrl}/api/sumsub/webhook`;
    const f = await h.founder({ verified: true });
    const ownerEmail = `owner-${f.accountId}@example.com`;
    const ownerId = await h.addOwner(f, ownerEmail);

    const res = await h.t.http.post("/api/sumsub/send_sumsub_emails").set(f.auth).send([ownerId]);
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      { person_id: ownerId, status: "sent", sumsub_email_sent_at: expect.stringMatching(SPEC_TIMESTAMP) },
    ]);
    expect((await h.person(f, ownerId)).sumsub_email_sent_at).toMatch(SPEC_TIMESTAMP);

    const mail = await h.mail.latest(ownerEmail, { timeoutMs: scaled(10_000) });
    expect(mail.Subject).toMatch(/verify your identity/i);
    expect(mail.Text).toContain("Ada Lovelace");
    const link = /https?:\/\/\S+\/websdk\/p\/(sbx_[0-9a-f]+)/.exec(mail.Text);
    expect(link?.[0].startsWith(h.emulator.url)).toBe(true);
    expect((await fetch(link![0])).status).toBe(200);

    const linkId = link![1]!;
    for (const step of ["IDENTITY", "SELFIE"])
      expect((await h.widget("documents", { linkId }, { idDocSetType: step })).status).toBe(200);
    expect((await h.widget("submit", { linkId })).status).toBe(200);
    expect((await h.widget("review", { linkId }, { reviewAnswer: "GREEN" })).status).toBe(200);
    await h.webhooks.waitFor(
      (w) => w.json.type === "applicantReviewed" && w.json.externalUserId === `ff-person-${ownerId}`,
    );
    expect(await h.person(f, ownerId)).toMatchObject({
      sumsub_review_answer: "GREEN",
      sumsub_completed_at: expect.stringMatching(SPEC_TIMESTAMP),
    });

    // Already verified: not emailed again.
    const again = await h.t.http.post("/api/sumsub/send_sumsub_emails").set(f.auth).send([ownerId]);
    expect(again.body.results[0].status).toBe("already_verified");
  });

  it("sends nothing when any id is outside the caller's account (404), the primary holder (400) or the body is malformed (400)", async () => {
    const a = await h.founder();
    const b = await h.founder();
    const mine = await h.addOwner(a, `mine-${a.accountId}@example.com`);
    const theirs = await h.addOwner(b, `theirs-${b.accountId}@example.com`);
    const sentBefore = await h.mail.count();
    expect((await h.t.http.post("/api/sumsub/send_sumsub_emails").set(a.auth).send([mine, theirs])).status).toBe(404);
    expect((await h.t.http.post("/api/sumsub/send_sumsub_emails").set(a.auth).send([a.personId])).status).toBe(400);
    expect((await h.t.http.post("/api/sumsub/send_sumsub_emails").set(a.auth).send([])).status).toBe(400);
    expect(
      (
        await h.t.http
          .post("/api/sumsub/send_sumsub_emails")
          .set(a.auth)
          .send({ person_ids: [mine] })
      ).status,
    ).toBe(400);
    expect((await h.t.http.post("/api/sumsub/send_sumsub_emails").send([mine])).status).toBe(401);
    expect(await h.mail.count()).toBe(sentBefore);
    expect((await h.person(a, mine)).sumsub_email_sent_at).toBeNull();
  });

  it("mails nobody for a founder whose own identity check is not done (409 incomplete_entry), nothing recorded", async () => {
    const f = await h.founder();
    const ownerEmail = `unverified-${f.accountId}@example.com`;
    const ownerId = await h.addOwner(f, ownerEmail);
    const sentBefore = await h.mail.count();
    const res = await h.t.http.post("/api/sumsub/send_sumsub_emails").set(f.auth).send([ownerId]);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: "incomplete_entry", missing: ["primary_holder.identity_check"] });
    expect(await h.mail.count()).toBe(sentBefore);
    expect((await h.person(f, ownerId)).sumsub_email_sent_at).toBeNull();
  });

  it(`mails one address at most ${OWNER_MAILS_PER_RECIPIENT_PER_DAY} times a day, whichever accounts send (429, nothing sent)`, async () => {
    const victim = `victim-${Date.now()}@example.com`;
    const senders = [await h.founder({ verified: true }), await h.founder({ verified: true })];
    const owners = await Promise.all(senders.map((f) => h.addOwner(f, victim)));
    for (let i = 0; i < OWNER_MAILS_PER_RECIPIENT_PER_DAY; i++) {
      const k = i % 2;
      const res = await h.t.http.post("/api/sumsub/send_sumsub_emails").set(senders[k]!.auth).send([owners[k]!]);
      expect(res.status).toBe(200);
    }
    const sentBefore = await h.mail.count();
    const refused = await h.t.http.post("/api/sumsub/send_sumsub_emails").set(senders[1]!.auth).send([owners[1]!]);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(23 * 3600);
    expect(await h.mail.count()).toBe(sentBefore);
    // Another address in the same call is not sent either (all or none), and stays mailable.
    const other = await h.addOwner(senders[0]!, `other-${senders[0]!.accountId}@example.com`);
    const mixed = await h.t.http.post("/api/sumsub/send_sumsub_emails").set(senders[0]!.auth).send([other, owners[0]!]);
    expect(mixed.status).toBe(429);
    expect((await h.person(senders[0]!, other)).sumsub_email_sent_at).toBeNull();
    expect((await h.t.http.post("/api/sumsub/send_sumsub_emails").set(senders[0]!.auth).send([other])).status).toBe(
      200,
    );
  });

  it("is rate limited per founder, so a runaway client cannot flood owners with mail", async () => {
    const a = await h.founder();
    const b = await h.founder();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await h.t.http.post("/api/sumsub/send_sumsub_emails").set(a.auth).send([])).status);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    // The typed 429 (server/src/errors.ts): the code, the one wording, the request's id, Retry-After.
    const refused = await h.t.http.post("/api/sumsub/send_sumsub_emails").set(a.auth).send([]);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: "too_many_requests",
      message: "Too many attempts, try again in 1 minute",
      request_id: refused.headers["x-request-id"],
    });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(60);
    // Another founder on the same address is not affected.
    expect((await h.t.http.post("/api/sumsub/send_sumsub_emails").set(b.auth).send([])).status).toBe(400);
  });
});

describe("POST /api/sumsub/send_sumsub_emails?reissue=true ('Update license')", () => {
  const send = (f: IdentityFounder, body: unknown, query = "?reissue=true") =>
    h.t.http
      .post(`/api/sumsub/send_sumsub_emails${query}`)
      .set(f.auth)
      .send(body as object);
  const hostedLink = (text: string) => /https?:\/\/\S+\/websdk\/p\/(sbx_[0-9a-f]+)/.exec(text);

  /** An owner who passed the check through their emailed link, as a real owner would. */
  async function verifiedOwner(f: IdentityFounder, email: string): Promise<number> {
    h.webhooks.forwardTo = `${h.appUrl}/api/sumsub/webhook`;
    const ownerId = await h.addOwner(f, email);
    expect((await send(f, [ownerId], "")).status).toBe(200);
    const linkId = hostedLink((await h.mail.latest(email, { timeoutMs: scaled(10_000) })).Text)![1]!;
    for (const step of ["IDENTITY", "SELFIE"])
      expect((await h.widget("documents", { linkId }, { idDocSetType: step })).status).toBe(200);
    expect((await h.widget("submit", { linkId })).status).toBe(200);
    expect((await h.widget("review", { linkId }, { reviewAnswer: "GREEN" })).status).toBe(200);
    await expect
      .poll(async () => (await h.person(f, ownerId)).sumsub_completed_at, { timeout: scaled(10_000) })
      .toMatch(SPEC_TIMESTAMP);
    return ownerId;
  }

  it("emails a verified owner a fresh link (the plain call still skips them) and keeps them verified", async () => {
    const f = await h.founder({ verified: true });
    const email = `verified-${f.accountId}@example.com`;
    const ownerId = await verifiedOwner(f, email);
    const before = await h.person(f, ownerId);
    const mailsBefore = (await h.mail.inbox(email)).length;

    // Without reissue (the Approve flow): skipped, nothing mailed.
    const plain = await send(f, [ownerId], "");
    expect(plain.status).toBe(200);
    expect(plain.body.results).toEqual([
      { person_id: ownerId, status: "already_verified", sumsub_email_sent_at: before.sumsub_email_sent_at },
    ]);
    expect(await h.mail.inbox(email)).toHaveLength(mailsBefore);

    const res = await send(f, [ownerId]);
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      { person_id: ownerId, status: "sent", sumsub_email_sent_at: expect.stringMatching(SPEC_TIMESTAMP) },
    ]);
    await expect
      .poll(async () => (await h.mail.inbox(email)).length, { timeout: scaled(10_000) })
      .toBe(mailsBefore + 1);
    const mail = await h.mail.latest(email);
    expect(mail.Subject).toMatch(/verify your identity/i);
    const link = hostedLink(mail.Text);
    expect(link?.[0].startsWith(h.emulator.url)).toBe(true);
    expect((await fetch(link![0])).status).toBe(200);

    // Still verified (selectable on /edit-others) until the provider reviews again; the send is recorded.
    const after = await h.person(f, ownerId);
    expect(after).toMatchObject({
      sumsub_review_answer: "GREEN",
      sumsub_completed_at: before.sumsub_completed_at,
      sumsub_email_sent_at: res.body.results[0].sumsub_email_sent_at,
    });
  });

  it("still emails an owner who is not verified yet", async () => {
    const f = await h.founder({ verified: true });
    const email = `pending-${f.accountId}@example.com`;
    const ownerId = await h.addOwner(f, email);
    const res = await send(f, [ownerId]);
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      { person_id: ownerId, status: "sent", sumsub_email_sent_at: expect.stringMatching(SPEC_TIMESTAMP) },
    ]);
    const mail = await h.mail.latest(email, { timeoutMs: scaled(10_000) });
    expect(hostedLink(mail.Text)).not.toBeNull();
    expect((await h.person(f, ownerId)).sumsub_email_sent_at).toMatch(SPEC_TIMESTAMP);
  });

  it("sends nothing for another founder's owner (404), without a token (401), or with a malformed request (400)", async () => {
    const a = await h.founder({ verified: true });
    const b = await h.founder({ verified: true });
    const mine = await h.addOwner(a, `mine-reissue-${a.accountId}@example.com`);
    const theirs = await verifiedOwner(b, `theirs-reissue-${b.accountId}@example.com`);
    const sentBefore = await h.mail.count();
    const theirsBefore = await h.person(b, theirs);

    expect((await send(a, [theirs])).status).toBe(404);
    expect((await send(a, [mine, theirs])).status).toBe(404);
    expect((await h.t.http.post("/api/sumsub/send_sumsub_emails?reissue=true").send([theirs])).status).toBe(401);
    expect((await h.t.http.post("/api/sumsub/send_sumsub_emails?reissue=true").send([mine])).status).toBe(401);
    for (const [body, query] of [
      [{ person_ids: [mine] }, "?reissue=true"],
      [[], "?reissue=true"],
      [["1"], "?reissue=true"],
      [[mine], "?reissue=yes"],
      [[mine], "?reissue=true&person_id=1"],
      [[a.personId], "?reissue=true"],
    ] as const) {
      const res = await send(a, body, query);
      expect(res.status, `${JSON.stringify(body)} ${query}`).toBe(400);
      expect(res.body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }

    expect(await h.mail.count()).toBe(sentBefore);
    expect((await h.person(a, mine)).sumsub_email_sent_at).toBeNull();
    expect((await h.person(b, theirs)).sumsub_email_sent_at).toBe(theirsBefore.sumsub_email_sent_at);
  });
});
