// Known-answer vectors for Sumsub's request signature and webhook digests (from the Sumsub
// reference: computed with Node crypto and cross-checked with openssl), plus the verifier's
// refusals. A change to the byte layout of either algorithm fails here first.
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signRequest, signedHeaders } from "./signing";
import { computeWebhookDigest, verifyWebhookDigest } from "./webhook-digest";

const SECRET = "Hej2ch71kG2kTd1iIUDZFNsO5C1lh5Gq";
const TS = 1607551635;

describe("request signature (X-App-Access-Sig)", () => {
  it("signs a legacy token request with an empty body", () => {
    expect(
      signRequest({
        secretKey: SECRET,
        ts: TS,
        method: "POST",
        pathWithQuery:
          "/resources/accessTokens?userId=cfd20712-24a2-4c7d-9ab0-146f3c142335&levelName=basic-kyc-level&ttlInSecs=600",
      }),
    ).toBe("1e1856be1c1e1ff113e5664acac6b423ffefe04ad42ff36567622ef56f62c4b1");
  });

  it("signs a JSON body request over the exact body bytes", () => {
    const body = JSON.stringify({ userId: "johndoeID", levelName: "basic-kyc-level", ttlInSecs: 600 });
    const expected = "ee57eb2999528e3e98274adf859630931e533f75327f45582af4f035c2babdba";
    expect(
      signRequest({ secretKey: SECRET, ts: TS, method: "POST", pathWithQuery: "/resources/accessTokens/sdk", body }),
    ).toBe(expected);
    expect(
      signRequest({
        secretKey: SECRET,
        ts: TS,
        method: "POST",
        pathWithQuery: "/resources/accessTokens/sdk",
        body: Buffer.from(body),
      }),
    ).toBe(expected);
    // One byte of whitespace changes the signature: callers must send what they signed.
    expect(
      signRequest({
        secretKey: SECRET,
        ts: TS,
        method: "POST",
        pathWithQuery: "/resources/accessTokens/sdk",
        body: `${body} `,
      }),
    ).not.toBe(expected);
  });

  it("signs a GET with an upper-cased method", () => {
    expect(
      signRequest({
        secretKey: SECRET,
        ts: TS,
        method: "get",
        pathWithQuery: "/resources/applicants/5cb56e8e0a975a35f333cb83/status",
      }),
    ).toBe("9ac5bb27090bbe6bd9811f4598dd1793fb91076d854926256c222675dacb4af5");
  });

  it("builds the three headers Sumsub requires", () => {
    const h = signedHeaders({
      appToken: "sbx:tok",
      secretKey: SECRET,
      ts: TS,
      method: "GET",
      pathWithQuery: "/resources/applicants/5cb56e8e0a975a35f333cb83/status",
    });
    expect(h).toEqual({
      "X-App-Token": "sbx:tok",
      "X-App-Access-Ts": String(TS),
      "X-App-Access-Sig": "9ac5bb27090bbe6bd9811f4598dd1793fb91076d854926256c222675dacb4af5",
    });
  });
});

describe("webhook digest (X-Payload-Digest)", () => {
  const WEBHOOK_SECRET = "test-webhook-secret";
  const body = Buffer.from(
    '{"applicantId":"5cb56e8e0a975a35f333cb83","inspectionId":"5cb56e8e0a975a35f333cb84","applicantType":"individual","correlationId":"req-a260b669-4f14-4bb5-a4c5-ac0218acb9a4","externalUserId":"externalUserId","levelName":"id-and-liveness","type":"applicantReviewed","sandboxMode":true,"reviewResult":{"reviewAnswer":"GREEN"},"reviewStatus":"completed","createdAtMs":"2020-02-21 13:23:19.321","clientId":"coolClientId"}',
  );
  /** Sumsub's legacy SHA-1 signature of the same body: computed correctly, still refused. */
  const SHA1_DIGEST = "0106d37d3cd8039f0dd1bec9957e96840e863c81";
  const vectors = {
    HMAC_SHA256_HEX: "51474e140887e64dcc4ae0c13f4ed8a195eb3eb61c0875c3ea0b797c877dab6c",
    HMAC_SHA512_HEX:
      "0a424b23325105a2089a07d09130399874feb9c3e109cd0e4b606746e47b5e67af8ec71adf4f1da80fc11cf7b792c12a2112e86150b22a2645d752c8422dbf8f",
  } as const;

  for (const [alg, digest] of Object.entries(vectors) as [keyof typeof vectors, string][]) {
    it(`computes and accepts ${alg}`, () => {
      expect(computeWebhookDigest(alg, WEBHOOK_SECRET, body)).toBe(digest);
      expect(
        verifyWebhookDigest(body, { "x-payload-digest": digest, "x-payload-digest-alg": alg }, WEBHOOK_SECRET),
      ).toEqual({ ok: true, algorithm: alg });
    });
  }

  it("refuses a correct HMAC_SHA1_HEX signature: only SHA-256 or stronger is accepted", () => {
    expect(createHmac("sha1", WEBHOOK_SECRET).update(body).digest("hex")).toBe(SHA1_DIGEST);
    expect(
      verifyWebhookDigest(
        body,
        { "x-payload-digest": SHA1_DIGEST, "x-payload-digest-alg": "HMAC_SHA1_HEX" },
        WEBHOOK_SECRET,
      ),
    ).toEqual({
      ok: false,
      reason: "weak-algorithm",
    });
    expect(
      verifyWebhookDigest(
        body,
        { "x-payload-digest": SHA1_DIGEST, "x-payload-digest-alg": "hmac_sha1_hex" },
        WEBHOOK_SECRET,
      ).ok,
    ).toBe(false);
  });

  it("accepts an upper-case hex digest and defaults to SHA-256 without an algorithm header", () => {
    expect(
      verifyWebhookDigest(body, { "x-payload-digest": vectors.HMAC_SHA256_HEX.toUpperCase() }, WEBHOOK_SECRET).ok,
    ).toBe(true);
  });

  it("refuses a missing digest, an unknown algorithm, a digest under another algorithm, another secret and a changed body", () => {
    expect(verifyWebhookDigest(body, {}, WEBHOOK_SECRET)).toEqual({ ok: false, reason: "missing-digest" });
    expect(
      verifyWebhookDigest(
        body,
        { "x-payload-digest": vectors.HMAC_SHA256_HEX, "x-payload-digest-alg": "HMAC_MD5_HEX" },
        WEBHOOK_SECRET,
      ),
    ).toEqual({
      ok: false,
      reason: "unknown-algorithm",
    });
    expect(
      verifyWebhookDigest(
        body,
        { "x-payload-digest": SHA1_DIGEST, "x-payload-digest-alg": "HMAC_SHA256_HEX" },
        WEBHOOK_SECRET,
      ),
    ).toEqual({
      ok: false,
      reason: "mismatch",
    });
    expect(verifyWebhookDigest(body, { "x-payload-digest": vectors.HMAC_SHA256_HEX }, "another-secret")).toEqual({
      ok: false,
      reason: "mismatch",
    });
    const tampered = Buffer.from(body.toString().replace("GREEN", "RED__"));
    expect(verifyWebhookDigest(tampered, { "x-payload-digest": vectors.HMAC_SHA256_HEX }, WEBHOOK_SECRET)).toEqual({
      ok: false,
      reason: "mismatch",
    });
  });
});
