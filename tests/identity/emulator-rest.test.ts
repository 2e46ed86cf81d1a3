// The identity emulator's REST surface, exercised through the server's own Sumsub client (the
// same code that talks to api.sumsub.com in production), plus the emulator's signed webhooks
// checked with the server's digest verifier.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startIdentityEmulator, type IdentityEmulator } from "../../server/identity-emulator/index";
import { createSumsubClient, SumsubApiError, type SumsubClient } from "../../server/src/identity/client";
import { verifyWebhookDigest } from "../../server/src/identity/webhook-digest";
import { LOCAL_IDENTITY } from "../../server/src/config";
import { freePort, retryOnPortClash } from "../support/ports";
import { startWebhookSink, type WebhookSink } from "./webhook-sink";

const LEVEL = "id-and-liveness";
let emulator: IdentityEmulator;
let sink: WebhookSink;
let client: SumsubClient;
let origin: string;

/** Decodes the `url` claim the WebSDK reads from a token to choose its iframe origin. */
function tokenUrl(token: string): string {
  expect(token.startsWith("_act-sbx-jwt-")).toBe(true);
  const [, payload] = token.replace("_act-sbx-jwt-", "").replace("-v2", "").split(".");
  return (JSON.parse(atob(payload ?? "")) as { url: string }).url;
}

beforeAll(async () => {
  sink = await startWebhookSink();
  emulator = await retryOnPortClash(async () => {
    const port = await freePort();
    return startIdentityEmulator({
      host: "127.0.0.1",
      port,
      publicUrl: `http://127.0.0.1:${port}`,
      ...LOCAL_IDENTITY,
      webhookUrl: sink.url,
      quiet: true,
    });
  });
  origin = emulator.url;
  client = createSumsubClient({
    baseUrl: emulator.url,
    appToken: LOCAL_IDENTITY.appToken,
    secretKey: LOCAL_IDENTITY.secretKey,
  });
});

afterAll(async () => {
  await emulator?.close();
  await sink?.close();
});

describe("identity emulator REST API", () => {
  it("issues SDK access tokens in both forms, carrying the emulator's origin", async () => {
    const modern = await client.createSdkAccessToken({
      userId: "person-1",
      levelName: LEVEL,
      ttlInSecs: 900,
      applicantIdentifiers: { email: "a@example.com", phone: "1234567890" },
    });
    expect(modern.userId).toBe("person-1");
    expect(tokenUrl(modern.token)).toBe(origin);
    // userId with characters that must be URL-encoded (and signed encoded) in the legacy form.
    const legacy = await client.createSdkAccessTokenLegacy({
      userId: "owner+1@example.com",
      levelName: LEVEL,
      ttlInSecs: 900,
    });
    expect(legacy.userId).toBe("owner+1@example.com");
    expect(tokenUrl(legacy.token)).toBe(origin);
    expect(legacy.token).not.toBe(modern.token);
  });

  it("refuses unsigned, wrongly signed and wrong-token requests with Sumsub's 401 error shape", async () => {
    const wrongSecret = createSumsubClient({
      baseUrl: emulator.url,
      appToken: LOCAL_IDENTITY.appToken,
      secretKey: "not-the-secret",
    });
    const err = await wrongSecret.getApplicantStatus("000000000000000000000000").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SumsubApiError);
    expect(err).toMatchObject({ status: 401, description: "Request signature mismatch", errorCode: 4003 });
    expect((err as SumsubApiError).correlationId).toMatch(/^req-/);

    const wrongToken = createSumsubClient({
      baseUrl: emulator.url,
      appToken: "sbx:someone-else",
      secretKey: LOCAL_IDENTITY.secretKey,
    });
    await expect(
      wrongToken.createSdkAccessToken({ userId: "x", levelName: LEVEL, ttlInSecs: 60 }),
    ).rejects.toMatchObject({ status: 401 });

    const stale = createSumsubClient({
      ...LOCAL_IDENTITY,
      baseUrl: emulator.url,
      now: () => Math.floor(Date.now() / 1000) - 3600,
    });
    await expect(stale.getApplicantByExternalUserId("x")).rejects.toMatchObject({ status: 401 });

    const res = await fetch(`${emulator.url}/resources/applicants/-;externalUserId=x/one`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({
      code: 401,
      description: expect.any(String),
      correlationId: expect.any(String),
    });
  });

  it("creates, finds and reads applicants; an unknown one is null / 404", async () => {
    expect(await client.getApplicantByExternalUserId("nobody-here")).toBeNull();
    await expect(client.getApplicantStatus("ffffffffffffffffffffffff")).rejects.toMatchObject({ status: 404 });

    const created = await client.createApplicant({
      externalUserId: "person-2",
      levelName: LEVEL,
      email: "p2@example.com",
    });
    expect(created.id).toMatch(/^[0-9a-f]{24}$/);
    expect(created.review?.reviewStatus).toBe("init");
    await expect(client.createApplicant({ externalUserId: "person-2", levelName: LEVEL })).rejects.toMatchObject({
      status: 409,
    });

    const found = await client.getApplicantByExternalUserId("person-2");
    expect(found?.id).toBe(created.id);
    expect((await client.getApplicant(created.id)).externalUserId).toBe("person-2");
    expect((await client.getApplicantStatus(created.id)).reviewStatus).toBe("init");

    const hook = await sink.waitFor((w) => w.json.type === "applicantCreated" && w.json.applicantId === created.id);
    expect(hook.json).toMatchObject({
      externalUserId: "person-2",
      levelName: LEVEL,
      reviewStatus: "init",
      sandboxMode: true,
    });
  });

  it("testCompleted forces GREEN or RED and sends a signed applicantReviewed webhook", async () => {
    const green = await client.createApplicant({ externalUserId: "person-green", levelName: LEVEL });
    await client.testCompleted(green.id, { reviewAnswer: "GREEN" });
    const status = await client.getApplicantStatus(green.id);
    expect(status.reviewStatus).toBe("completed");
    expect(status.reviewResult?.reviewAnswer).toBe("GREEN");

    const hook = await sink.waitFor((w) => w.json.type === "applicantReviewed" && w.json.applicantId === green.id);
    expect(hook.json).toMatchObject({
      externalUserId: "person-green",
      reviewStatus: "completed",
      reviewResult: { reviewAnswer: "GREEN" },
      applicantType: "individual",
      correlationId: expect.stringMatching(/^req-/),
      createdAtMs: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/),
    });
    expect(hook.headers["x-payload-digest-alg"]).toBe("HMAC_SHA256_HEX");
    expect(verifyWebhookDigest(hook.raw, hook.headers, LOCAL_IDENTITY.webhookSecret)).toMatchObject({ ok: true });
    expect(verifyWebhookDigest(hook.raw, hook.headers, "wrong-secret")).toMatchObject({ ok: false });

    const red = await client.createApplicant({ externalUserId: "person-red", levelName: LEVEL });
    await client.testCompleted(red.id, { reviewAnswer: "RED", rejectLabels: ["FORGERY"], reviewRejectType: "FINAL" });
    expect((await client.getApplicantStatus(red.id)).reviewResult).toMatchObject({
      reviewAnswer: "RED",
      rejectLabels: ["FORGERY"],
      reviewRejectType: "FINAL",
    });
    await expect(client.testCompleted(red.id, { reviewAnswer: "YELLOW" as "GREEN" })).rejects.toMatchObject({
      status: 400,
    });
  });

  it("makes hosted verification links that open the emulator's page", async () => {
    const url = await client.createWebSdkLink({
      userId: "owner-7",
      levelName: LEVEL,
      ttlInSecs: 3600,
      applicantIdentifiers: { email: "o7@example.com" },
      lang: "en",
    });
    expect(url.startsWith(`${origin}/websdk/p/`)).toBe(true);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Verify your identity");
    const missing = await fetch(`${origin}/websdk/p/sbx_${"0".repeat(32)}`);
    expect(missing.status).toBe(410);
  });

  it("answers the widget's calls with invalid-token once a token is past its ttl, and enforces the capture order", async () => {
    const widget = (action: string, token: string, body: unknown = {}) =>
      fetch(`${origin}/websdk/api/${action}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Access-Token": token },
        body: JSON.stringify(body),
      });
    const expired = await client.createSdkAccessToken({ userId: "person-ttl", levelName: LEVEL, ttlInSecs: 0 });
    const refused = await widget("session", expired.token);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: "invalid-token" });
    expect((await widget("session", "_act-sbx-jwt-forged")).status).toBe(401);

    const { token } = await client.createSdkAccessToken({ userId: "person-ttl", levelName: LEVEL, ttlInSecs: 600 });
    const session = (await (await widget("session", token)).json()) as {
      applicantId: string;
      review: { reviewStatus: string };
    };
    expect(session.review.reviewStatus).toBe("init");
    expect((await widget("submit", token)).status).toBe(409); // nothing captured yet
    expect((await widget("review", token, { reviewAnswer: "GREEN" })).status).toBe(409); // not pending
    expect((await widget("documents", token, { idDocSetType: "PASSPORT" })).status).toBe(400);
    await widget("documents", token, { idDocSetType: "IDENTITY" });
    await widget("documents", token, { idDocSetType: "SELFIE" });
    expect((await widget("submit", token)).status).toBe(200);
    await sink.waitFor((w) => w.json.type === "applicantPending" && w.json.applicantId === session.applicantId);
    expect((await widget("review", token, { reviewAnswer: "RED" })).status).toBe(200);
    const reviewed = await sink.waitFor(
      (w) => w.json.type === "applicantReviewed" && w.json.applicantId === session.applicantId,
    );
    expect(reviewed.json.reviewResult).toMatchObject({ reviewAnswer: "RED", reviewRejectType: "RETRY" });
    // A RETRY rejection lets the person capture again.
    expect((await widget("documents", token, { idDocSetType: "IDENTITY" })).status).toBe(200);
    expect((await client.getApplicantStatus(session.applicantId)).reviewStatus).toBe("init");
  });

  it("serves the WebSDK iframe page at the path the SDK builds", async () => {
    const res = await fetch(`${origin}/websdk/websdk.html?_=id_abc+/=&theme=light`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    const script = await fetch(`${origin}/websdk/emulator.js`);
    expect(await script.text()).toContain("idCheck.onReady");
  });

  it("keeps applicants and their reviews across a restart when given a data directory", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ff-identity-"));
    const boot = async () => {
      const emu = await retryOnPortClash(async () => {
        const port = await freePort();
        return startIdentityEmulator({
          host: "127.0.0.1",
          port,
          publicUrl: `http://127.0.0.1:${port}`,
          ...LOCAL_IDENTITY,
          webhookUrl: sink.url,
          quiet: true,
          dataDir,
        });
      });
      return {
        emu,
        client: createSumsubClient({
          baseUrl: emu.url,
          appToken: LOCAL_IDENTITY.appToken,
          secretKey: LOCAL_IDENTITY.secretKey,
        }),
      };
    };
    try {
      const first = await boot();
      const created = await first.client.createApplicant({ externalUserId: "person-persisted", levelName: LEVEL });
      await first.client.testCompleted(created.id, { reviewAnswer: "GREEN" });
      await first.emu.close();
      const second = await boot();
      expect((await second.client.getApplicantByExternalUserId("person-persisted"))?.id).toBe(created.id);
      expect((await second.client.getApplicantStatus(created.id)).reviewResult?.reviewAnswer).toBe("GREEN");
      await second.emu.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
