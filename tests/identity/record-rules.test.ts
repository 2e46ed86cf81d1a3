// The record's rules over HTTP (docs/architecture.md, The record's rules): identity results applied
// in the provider's time order (a replayed or late GREEN never undoes a newer RED), only SHA-256 or
// stronger webhook digests, one audit row per distinct result, and owner mails that only reach the
// account's own add-on owners, carry no control characters from names, and are limited per account
// per hour (429 + Retry-After).
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { computeWebhookDigest } from "../../server/src/identity/webhook-digest";
import { LOCAL_IDENTITY } from "../../server/src/config";
import { OWNER_MAILS_PER_HOUR } from "../../server/src/domain/owner-mails";
import { startIdentityHarness, type IdentityFounder, type IdentityHarness } from "./harness";
import { scaled } from "../support/machine";
import { completeCheck } from "../support/founders";

let h: IdentityHarness;
beforeAll(async () => {
  h = await startIdentityHarness();
  h.webhooks.forwardTo = null; // only the webhooks this file posts reach the app
});
afterAll(async () => {
  await h?.close();
});

const sumsubTime = (d: Date) => d.toISOString().replace("T", " ").slice(0, 23);

/** A check the provider ran for the person, completed with `answer`: its applicant's id. */
const providerCheck = (f: IdentityFounder, answer: "GREEN" | "RED" = "GREEN") =>
  completeCheck(h.t.config.identity, f.personId, answer);

function reviewed(
  personId: number,
  answer: "GREEN" | "RED",
  at: Date,
  correlationId = `req-${answer}-${at.getTime()}`,
  applicantId = "ffffffffffffffffffffffff",
) {
  return JSON.stringify({
    applicantId,
    correlationId,
    externalUserId: `ff-person-${personId}`,
    type: "applicantReviewed",
    reviewResult: answer === "GREEN" ? { reviewAnswer: "GREEN" } : { reviewAnswer: "RED", reviewRejectType: "FINAL" },
    reviewStatus: "completed",
    createdAtMs: sumsubTime(at),
  });
}

async function post(raw: string, alg: "HMAC_SHA256_HEX" | "HMAC_SHA512_HEX" = "HMAC_SHA256_HEX") {
  const res = await fetch(`${h.appUrl}/api/sumsub/webhook`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Payload-Digest": computeWebhookDigest(alg, LOCAL_IDENTITY.webhookSecret, raw),
      "X-Payload-Digest-Alg": alg,
    },
    body: raw,
  });
  return { status: res.status, body: (await res.json()) as { result?: string; error?: string } };
}

interface AuditRow {
  action: string;
  actor_type: string;
  fields: string[];
  route: string;
  detail: Record<string, unknown> | null;
}
async function audit(f: IdentityFounder): Promise<AuditRow[]> {
  const res = await h.t.http.get(`/api/accounts/${f.accountId}/audit`).query({ limit: 200 }).set(f.auth);
  expect(res.status).toBe(200);
  return res.body.entries as AuditRow[];
}
const reviews = async (f: IdentityFounder) => (await audit(f)).filter((r) => r.action === "identity.review");

describe("identity results are ordered and bound", () => {
  it("a replayed GREEN does not override a newer RED; a late GREEN with a new event id neither", async () => {
    const f = await h.founder();
    const t0 = new Date(Date.now() - 60_000);
    const green = reviewed(f.personId, "GREEN", t0, undefined, await providerCheck(f));
    expect((await post(green)).body.result).toBe("verified");
    expect((await post(reviewed(f.personId, "RED", new Date(t0.getTime() + 1_000)))).body.result).toBe("rejected");

    expect((await post(green)).body.result).toBe("duplicate");
    expect((await post(green, "HMAC_SHA512_HEX")).body.result).toBe("duplicate");
    // The same verdict re-sent as a new event, but with its original (older) time.
    expect((await post(reviewed(f.personId, "GREEN", t0, "req-redelivered"))).body.result).toBe("stale");

    expect(await h.person(f, f.personId)).toMatchObject({ sumsub_review_answer: "RED", sumsub_completed_at: null });
    // One audit row per distinct result (the stale one recorded, not applied); replays none.
    const rows = await reviews(f);
    expect(rows.map((r) => r.detail?.result)).toEqual(["stale", "rejected", "verified"]);
    expect(rows.every((r) => r.actor_type === "identity_provider" && r.route === "POST /api/sumsub/webhook")).toBe(
      true,
    );
    expect(rows[0]!.fields).toEqual([]);
    expect((await h.notifications(f)).map((n) => n.title).sort()).toEqual([
      "Identity check not passed",
      "Identity verified",
    ]);
  });

  it("a newer GREEN after a RED verifies again", async () => {
    const f = await h.founder();
    const t0 = Date.now() - 10_000;
    await post(reviewed(f.personId, "RED", new Date(t0)));
    expect(
      (await post(reviewed(f.personId, "GREEN", new Date(t0 + 5_000), undefined, await providerCheck(f)))).body.result,
    ).toBe("verified");
    expect((await h.person(f, f.personId)).sumsub_review_answer).toBe("GREEN");
  });

  it("refuses a correctly signed HMAC_SHA1_HEX webhook with 401 and changes nothing", async () => {
    const f = await h.founder();
    const raw = reviewed(f.personId, "GREEN", new Date());
    const res = await fetch(`${h.appUrl}/api/sumsub/webhook`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "X-Payload-Digest": createHmac("sha1", LOCAL_IDENTITY.webhookSecret).update(raw).digest("hex"),
        "X-Payload-Digest-Alg": "HMAC_SHA1_HEX",
      },
      body: raw,
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: "unauthorized", message: expect.any(String) });
    expect(await h.person(f, f.personId)).toMatchObject({ sumsub_review_answer: null, sumsub_completed_at: null });
    expect(await reviews(f)).toEqual([]);
  });

  it("ignores a review without the provider's time (it could not be ordered)", async () => {
    const f = await h.founder();
    const raw = JSON.parse(reviewed(f.personId, "GREEN", new Date())) as Record<string, unknown>;
    delete raw.createdAtMs;
    expect((await post(JSON.stringify(raw))).body.result).toBe("ignored");
    expect((await h.person(f, f.personId)).sumsub_review_answer).toBeNull();
  });
});

describe("a verified person's identity fields", () => {
  async function verified(): Promise<IdentityFounder> {
    const f = await h.founder();
    await post(reviewed(f.personId, "GREEN", new Date(Date.now() - 1_000), undefined, await providerCheck(f)));
    return f;
  }

  it("refuses dob and ssn changes with 409 fixed_after_verification and writes nothing", async () => {
    const f = await verified();
    const before = await h.person(f, f.personId);
    const auditBefore = (await audit(f)).length;
    for (const [field, value] of [
      ["dob", "1990-01-01"],
      ["ssn", "587654321"],
      ["ssn", null],
      ["dob", null],
    ] as const) {
      const res = await h.t.http
        .patch(`/api/persons/${f.personId}`)
        .set(f.auth)
        .send({ [field]: value });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ error: "fixed_after_verification", field, message: expect.any(String) });
    }
    // The same values sent back (the web's full PUT, a masked SSN or the same digits) are fine.
    const same = await h.t.http
      .patch(`/api/persons/${f.personId}`)
      .set(f.auth)
      .send({ dob: before.dob, ssn: "123456789" });
    expect(same.status).toBe(200);
    expect(await h.person(f, f.personId)).toMatchObject({
      dob: before.dob,
      ssn: before.ssn,
      sumsub_review_answer: "GREEN",
    });
    expect((await audit(f)).length).toBe(auditBefore + 1);
  });

  it("a name change is accepted and clears the verification; the old GREEN cannot come back", async () => {
    const f = await verified();
    const res = await h.t.http.patch(`/api/persons/${f.personId}`).set(f.auth).send({ last_name: "Byron" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ last_name: "Byron", sumsub_review_answer: null, sumsub_completed_at: null });
    const [row] = await audit(f);
    expect(row).toMatchObject({
      action: "person.update",
      actor_type: "user",
      fields: ["last_name", "sumsub_review_answer", "sumsub_completed_at"],
    });
    // A late delivery of an older GREEN (new event id) does not restore it.
    expect((await post(reviewed(f.personId, "GREEN", new Date(Date.now() - 30_000), "req-late"))).body.result).toBe(
      "stale",
    );
    expect((await h.person(f, f.personId)).sumsub_review_answer).toBeNull();
    // A new check does.
    expect(
      (await post(reviewed(f.personId, "GREEN", new Date(Date.now() + 1_000), undefined, await providerCheck(f)))).body
        .result,
    ).toBe("verified");
  });

  /** Until the clock is in a later second than now: the provider states a check's start to the second. */
  const nextSecond = () => new Promise((r) => setTimeout(r, 1_100 - (Date.now() % 1000)));

  it("an old check's GREEN delivered after a rename (its first delivery, the newest time) leaves the person unverified", async () => {
    const f = await h.founder();
    const applicantId = await providerCheck(f); // checked (and passed) as Ada Lovelace
    await nextSecond();
    expect((await h.t.http.patch(`/api/persons/${f.personId}`).set(f.auth).send({ last_name: "Byron" })).status).toBe(
      200,
    );
    // The provider's webhook for that check arrives only now (providers retry for hours).
    const late = await post(reviewed(f.personId, "GREEN", new Date(), "req-old-check", applicantId));
    expect(late.status).toBe(200);
    expect(late.body.result).toBe("outdated");
    expect(await h.person(f, f.personId)).toMatchObject({
      last_name: "Byron",
      sumsub_review_answer: null,
      sumsub_completed_at: null,
    });
    // Read back from the provider (the widget's confirm) the old check does not count either.
    const confirmed = await h.t.http.post("/api/sumsub/confirm").set(f.auth).send({});
    expect(confirmed.body).toMatchObject({
      review_status: "completed",
      sumsub_review_answer: null,
      sumsub_completed_at: null,
    });
    expect((await reviews(f)).map((r) => r.detail?.result)).toEqual(["outdated"]);
    // A check started after the rename does.
    expect(
      (await post(reviewed(f.personId, "GREEN", new Date(Date.now() + 1_000), "req-new-check", await providerCheck(f))))
        .body.result,
    ).toBe("verified");
  });

  it("after a verified person's rename, a newer delivery of the old check's GREEN does not restore it", async () => {
    const f = await verified();
    const before = await h.person(f, f.personId);
    await nextSecond();
    expect(
      (await h.t.http.patch(`/api/persons/${f.personId}`).set(f.auth).send({ first_name: "Augusta" })).status,
    ).toBe(200);
    // The same check reported again with a later provider time (a new event of the same review).
    const again = await post(
      reviewed(f.personId, "GREEN", new Date(), "req-same-check-again", before.sumsub_applicant_id as string),
    );
    expect(again.body.result).toBe("outdated");
    expect(await h.person(f, f.personId)).toMatchObject({
      first_name: "Augusta",
      sumsub_review_answer: null,
      sumsub_completed_at: null,
    });
  });
});

describe("owner mails", () => {
  it("strip control characters from the founder's name in the mail body", async () => {
    const f = await h.founder({ verified: true });
    // The API refuses control and direction characters now (the contract's free-text rule)...
    const put = await h.t.http
      .patch(`/api/persons/${f.personId}`)
      .set(f.auth)
      .send({ first_name: "Ada\u202e\u0007", last_name: "Love\u200blace" });
    expect(put.status).toBe(400);
    expect(put.body.field).toBe("first_name");
    // ...but a name stored before that rule may still hold them: the mail strips them all the same.
    await h.t.database.query(
      "update person set first_name = ?, last_name = ? where person_id = ?",
      "Ada\u202e\u0007",
      "Love\u200blace",
      f.personId,
    );
    const owner = await h.addOwner(f, `ctl-${f.accountId}@example.com`);
    const before = await h.mail.count();
    expect((await h.t.http.post("/api/sumsub/send_sumsub_emails").set(f.auth).send([owner])).status).toBe(200);
    const mail = await h.mail.latest(`ctl-${f.accountId}@example.com`, { timeoutMs: scaled(10_000) });
    expect(await h.mail.count()).toBeGreaterThan(before);
    for (const body of [mail.Text, mail.HTML]) {
      expect(body).toContain("Ada Lovelace added you");
      // No control, invisible or direction-override character (the template's line breaks aside).
      expect([...body.replace(/[\r\n\t]/g, "")].filter((c) => /[\p{Cc}\p{Cf}]/u.test(c))).toEqual([]);
    }
  });

  it("only mail the account's own add-on owners: a primary holder or a non-add-on person is refused", async () => {
    const f = await h.founder();
    const plain = await h.t.http
      .post("/api/persons/")
      .set(f.auth)
      .send({
        account_id: f.accountId,
        account_primary_holder: false,
        is_addon: false,
        email: `plain-${f.accountId}@example.com`,
      });
    expect(plain.status).toBe(201);
    for (const id of [f.personId, plain.body.person_id as number]) {
      const res = await h.t.http.post("/api/sumsub/send_sumsub_emails").set(f.auth).send([id]);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: "bad_request", field: "person_ids" });
    }
    expect((await audit(f)).some((r) => r.action === "owner_mail.send")).toBe(false);
  });

  it(`allow ${OWNER_MAILS_PER_HOUR} mails per account per hour, then 429 too_many_requests with Retry-After, sending nothing`, async () => {
    const f = await h.founder({ verified: true });
    const other = await h.founder({ verified: true });
    const owners: number[] = [];
    for (let i = 0; i < OWNER_MAILS_PER_HOUR + 1; i++)
      owners.push(await h.addOwner(f, `limit-${f.accountId}-${i}@example.com`));
    const batch = 5;
    for (let i = 0; i < OWNER_MAILS_PER_HOUR; i += batch) {
      const res = await h.t.http
        .post("/api/sumsub/send_sumsub_emails")
        .set(f.auth)
        .send(owners.slice(i, i + batch));
      expect(res.status).toBe(200);
    }
    const sentBefore = await h.mail.count();
    const last = owners.at(-1)!;
    const refused = await h.t.http.post("/api/sumsub/send_sumsub_emails").set(f.auth).send([last]);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: "too_many_requests",
      message: "Too many attempts, try again in 60 minutes",
      request_id: expect.any(String),
    });
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await h.mail.count()).toBe(sentBefore);
    expect((await h.person(f, last)).sumsub_email_sent_at).toBeNull();
    expect((await audit(f)).filter((r) => r.action === "owner_mail.send")).toHaveLength(OWNER_MAILS_PER_HOUR);
    // Another account has its own allowance.
    const theirs = await h.addOwner(other, `other-${other.accountId}@example.com`);
    expect((await h.t.http.post("/api/sumsub/send_sumsub_emails").set(other.auth).send([theirs])).status).toBe(200);
  });
});
