// Delivers Sumsub-style webhooks to the app: the payload fields of Sumsub's applicant webhooks,
// signed with X-Payload-Digest over the exact bytes sent. Crypto is implemented here rather than
// imported from the app, so a bug in the app's verifier cannot hide by agreeing with itself.
import { createHmac, randomUUID } from "node:crypto";
import type { ApplicantRecord } from "./store";

export type WebhookType = "applicantCreated" | "applicantPending" | "applicantReviewed";
export type WebhookDigestAlg = "HMAC_SHA1_HEX" | "HMAC_SHA256_HEX" | "HMAC_SHA512_HEX";

const HASH: Record<WebhookDigestAlg, string> = {
  HMAC_SHA1_HEX: "sha1",
  HMAC_SHA256_HEX: "sha256",
  HMAC_SHA512_HEX: "sha512",
};

/** Sumsub's createdAtMs: UTC "yyyy-MM-dd HH:mm:ss.SSS". */
function createdAtMs(d = new Date()): string {
  return d.toISOString().replace("T", " ").slice(0, 23);
}

function webhookPayload(type: WebhookType, a: ApplicantRecord): Record<string, unknown> {
  return {
    applicantId: a.id,
    inspectionId: a.inspectionId,
    applicantType: "individual",
    correlationId: `req-${randomUUID()}`,
    externalUserId: a.externalUserId,
    levelName: a.levelName,
    type,
    sandboxMode: true,
    reviewStatus: a.review.reviewStatus,
    ...(type === "applicantReviewed" && a.review.reviewResult ? { reviewResult: a.review.reviewResult } : {}),
    createdAtMs: createdAtMs(),
    clientId: "local-identity-emulator",
  };
}

export interface WebhookSenderOptions {
  /** Undefined: nothing is sent. */
  url: string | undefined;
  secret: string;
  alg: WebhookDigestAlg;
  log: (msg: string) => void;
}

/** Retry delays after a failed delivery (Sumsub retries over hours; locally seconds are enough). */
const RETRY_DELAYS_MS = [1_000, 5_000, 15_000];

export function createWebhookSender(opts: WebhookSenderOptions) {
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  async function deliverOnce(body: string): Promise<boolean> {
    try {
      const res = await fetch(opts.url!, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "X-Payload-Digest": createHmac(HASH[opts.alg], opts.secret).update(body).digest("hex"),
          "X-Payload-Digest-Alg": opts.alg,
        },
        body,
        signal: AbortSignal.timeout(5_000),
      });
      await res.arrayBuffer();
      return res.ok;
    } catch {
      return false;
    }
  }

  function retry(body: string, type: string, attempt: number): void {
    const delay = RETRY_DELAYS_MS[attempt];
    if (closed || delay === undefined) {
      if (!closed) opts.log(`webhook ${type} given up after ${attempt + 1} attempts`);
      return;
    }
    const t = setTimeout(async () => {
      timers.delete(t);
      if (!(await deliverOnce(body))) retry(body, type, attempt + 1);
    }, delay);
    t.unref();
    timers.add(t);
  }

  return {
    /**
     * Sends one webhook and waits for the first attempt, so that by the time the widget reports a
     * new status the app has normally heard of it too; failures are retried in the background.
     */
    async send(type: WebhookType, applicant: ApplicantRecord): Promise<void> {
      if (!opts.url) return;
      // Serialised once: the digest covers exactly these bytes.
      const body = JSON.stringify(webhookPayload(type, applicant));
      if (!(await deliverOnce(body))) {
        opts.log(`webhook ${type} not accepted; retrying`);
        retry(body, type, 0);
      }
    },
    close(): void {
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}
