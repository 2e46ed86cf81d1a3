// The owner-mail allowance holds under concurrency, on SQLite and on PostgreSQL (this file runs in
// both projects): concurrent send_sumsub_emails calls take the hour's allowance in the database,
// under the account's lock, in the transaction that records the mails, so together they never
// send more than OWNER_MAILS_PER_HOUR, whichever instance each call reaches; one mailbox's daily count
// is shared by every account and every way of writing its address.
import { afterAll, beforeAll, expect, it } from "vitest";
import { OWNER_MAILS_PER_HOUR, OWNER_MAILS_PER_RECIPIENT_PER_DAY } from "../../server/src/domain/owner-mails";
import { createTestApp, type TestApp } from "../support/app";
import { startIdentityHarness, type IdentityHarness } from "./harness";
import { scaled } from "../support/machine";

let h: IdentityHarness;
let second: TestApp;
beforeAll(async () => {
  h = await startIdentityHarness();
  h.webhooks.forwardTo = null;
  // A second instance on the same database (and the same identity service): calls spread over both.
  second = await createTestApp({ SUMSUB_BASE_URL: h.emulator.url }, { instanceOf: h.t });
});
afterAll(async () => {
  await second?.close();
  await h?.close();
});

it(`8 concurrent calls over two instances, 3 owners each: exactly ${Math.floor(OWNER_MAILS_PER_HOUR / 3)} are sent, the rest refused with 429; the mailbox and the audit trail agree`, async () => {
  const f = await h.founder({ verified: true });
  const owners: number[] = [];
  const emails: string[] = [];
  for (let i = 0; i < 30; i++) {
    emails.push(`race-${f.accountId}-${i}@example.com`);
    owners.push(await h.addOwner(f, emails[i]!));
  }
  // 8 calls, then 2 more below: the route's own per-caller limit (10 per window, counted across
  // instances on PostgreSQL) never answers here, so every 429 is the hour's mail allowance.
  const calls = Array.from({ length: 8 }, (_, i) => {
    const instance = i % 2 === 0 ? h.t.http : second.http;
    return instance
      .post("/api/sumsub/send_sumsub_emails")
      .set(f.auth)
      .send(owners.slice(i * 3, i * 3 + 3));
  });
  const answers = await Promise.all(calls);
  const sent = answers.filter((r) => r.status === 200);
  const refused = answers.filter((r) => r.status === 429);
  const allowed = Math.floor(OWNER_MAILS_PER_HOUR / 3);
  expect(answers.map((r) => r.status).sort()).toEqual([...Array(allowed).fill(200), ...Array(8 - allowed).fill(429)]);
  expect(refused.every((r) => r.body.error === "too_many_requests")).toBe(true);

  // The mails that went out, counted in the mailbox: exactly those of the accepted calls.
  const mailed = new Set(
    sent.flatMap((r) =>
      (r.body.results as Array<{ person_id: number }>).map((x) => emails[owners.indexOf(x.person_id)]!),
    ),
  );
  expect(mailed.size).toBe(allowed * 3);
  const deadline = Date.now() + 20_000;
  let inboxes: number[] = [];
  for (;;) {
    inboxes = await Promise.all(emails.map(async (e) => (await h.mail.inbox(e)).length));
    if (inboxes.reduce((a, b) => a + b, 0) >= mailed.size || Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(inboxes.reduce((a, b) => a + b, 0)).toBe(allowed * 3);
  emails.forEach((e, i) => expect(inboxes[i], e).toBe(mailed.has(e) ? 1 : 0));

  const rows = await h.t.database.query<{ n: unknown }>(
    "select count(*) n from audit_event where account_id = ? and action = 'owner_mail.send'",
    f.accountId,
  );
  expect(Number(rows[0]!.n)).toBe(allowed * 3);
  // What is left of the hour: one more mail fits (18 + 1 <= 20), a call for three does not.
  const rest = owners.filter(
    (id) => !sent.some((r) => (r.body.results as Array<{ person_id: number }>).some((x) => x.person_id === id)),
  );
  expect((await h.t.http.post("/api/sumsub/send_sumsub_emails").set(f.auth).send(rest.slice(0, 3))).status).toBe(429);
  expect((await second.http.post("/api/sumsub/send_sumsub_emails").set(f.auth).send(rest.slice(0, 2))).status).toBe(
    200,
  );
});

it("a mail that cannot be sent gives its share of the hour back: 502, its send time restored, an owner_mail.unsent row", async () => {
  const f = await h.founder({ verified: true });
  const owners: number[] = [];
  for (let i = 0; i < OWNER_MAILS_PER_HOUR; i++)
    owners.push(await h.addOwner(f, `giveback-${f.accountId}-${i}@example.com`));
  // An instance whose mail server does not answer.
  const mailless = await createTestApp(
    { SUMSUB_BASE_URL: h.emulator.url, SMTP_URL: "smtp://127.0.0.1:9" },
    { instanceOf: h.t },
  );
  try {
    const failed = await mailless.http.post("/api/sumsub/send_sumsub_emails").set(f.auth).send(owners.slice(0, 3));
    expect(failed.status).toBe(502);
  } finally {
    await mailless.close();
  }
  for (const id of owners.slice(0, 3)) expect((await h.person(f, id)).sumsub_email_sent_at).toBeNull();
  const actions = await h.t.database.query<{ action: string; n: unknown }>(
    "select action, count(*) n from audit_event where account_id = ? and action like 'owner_mail.%' group by action order by action",
    f.accountId,
  );
  expect(actions.map((r) => [r.action, Number(r.n)])).toEqual([
    ["owner_mail.send", 3],
    ["owner_mail.unsent", 3],
  ]);
  // The whole hour is still there.
  const sent = await h.t.http.post("/api/sumsub/send_sumsub_emails").set(f.auth).send(owners);
  expect(sent.status).toBe(200);
  expect(sent.body.results).toHaveLength(OWNER_MAILS_PER_HOUR);
});

it(`one address's daily count is shared: ${OWNER_MAILS_PER_RECIPIENT_PER_DAY + 3} concurrent calls from ${OWNER_MAILS_PER_RECIPIENT_PER_DAY + 3} accounts over two instances send ${OWNER_MAILS_PER_RECIPIENT_PER_DAY}`, async () => {
  const victim = `shared-${Date.now()}@example.com`;
  const senders = await Promise.all(
    Array.from({ length: OWNER_MAILS_PER_RECIPIENT_PER_DAY + 3 }, () => h.founder({ verified: true })),
  );
  const owners = await Promise.all(senders.map((f) => h.addOwner(f, victim)));
  const answers = await Promise.all(
    senders.map((f, i) =>
      (i % 2 === 0 ? h.t.http : second.http).post("/api/sumsub/send_sumsub_emails").set(f.auth).send([owners[i]!]),
    ),
  );
  const statuses = answers.map((a) => a.status).sort();
  expect(statuses.filter((s) => s === 200)).toHaveLength(OWNER_MAILS_PER_RECIPIENT_PER_DAY);
  expect(statuses.filter((s) => s === 429)).toHaveLength(3);
  await expect
    .poll(async () => (await h.mail.inbox(victim)).length, { timeout: scaled(10_000) })
    .toBe(OWNER_MAILS_PER_RECIPIENT_PER_DAY);
});

it(`variants of one mailbox never reach it more than ${OWNER_MAILS_PER_RECIPIENT_PER_DAY} times: refused as addresses (400) or counted as it (429)`, async () => {
  const [first, other] = [await h.founder({ verified: true }), await h.founder({ verified: true })];
  const victim = await h.addOwner(first, "v@x.com");
  for (let i = 0; i < OWNER_MAILS_PER_RECIPIENT_PER_DAY; i++)
    expect((await h.t.http.post("/api/sumsub/send_sumsub_emails").set(first.auth).send([victim])).status).toBe(200);
  const addOwner = (email: string) =>
    h.t.http
      .post("/api/persons/")
      .set(other.auth)
      .send({ account_id: other.accountId, account_primary_holder: false, is_addon: true, email });
  for (const variant of ["<v@x.com>", "a<v@x.com>", "c,v@x.com", "e;v@x.com", '"v"@x.com'])
    expect((await addOwner(variant)).status, variant).toBe(400);
  const upper = await addOwner("V@X.com");
  expect(upper.status).toBe(201);
  const counted = await h.t.http.post("/api/sumsub/send_sumsub_emails").set(other.auth).send([upper.body.person_id]);
  expect(counted.status).toBe(429);
  // An address stored before the mailbox rule is corrected before it is mailed, never counted under its own key.
  const legacy = await h.addOwner(other, "legacy@example.com");
  await h.t.database.query("UPDATE person SET email = ? WHERE person_id = ?", "a<v@x.com>", legacy);
  const refused = await h.t.http.post("/api/sumsub/send_sumsub_emails").set(other.auth).send([legacy]);
  expect(refused.status).toBe(400);
  expect(refused.body).toMatchObject({ field: "person_ids" });
  expect((await h.person(other, legacy)).sumsub_email_sent_at).toBeNull();
  // Each accepted call sent its mail before answering: the inbox holds the first five, and only them.
  await expect
    .poll(async () => (await h.mail.inbox("v@x.com")).length, { timeout: scaled(10_000) })
    .toBe(OWNER_MAILS_PER_RECIPIENT_PER_DAY);
});
