// Sumsub's app-token authentication of the REST API: X-App-Token must be the app token,
// X-App-Access-Ts within a minute of this clock, and X-App-Access-Sig the hex
// HMAC-SHA256(secret, ts + METHOD + path-with-query + body) over the bytes as sent.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { HttpError, rawBody } from "./http-errors";

/** Sumsub accepts X-App-Access-Ts within about a minute of its own clock. */
const MAX_CLOCK_SKEW_SECONDS = 60;

export interface AppCredentials {
  appToken: string;
  secretKey: string;
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** Throws a 401 in Sumsub's error shape unless the request is signed with these credentials. */
export function verifyAppSignature(req: FastifyRequest, creds: AppCredentials): void {
  const token = header(req, "x-app-token");
  const ts = header(req, "x-app-access-ts");
  const sig = header(req, "x-app-access-sig");
  if (!token || !safeEqual(token, creds.appToken)) {
    throw new HttpError(401, "App token is not valid", { errorName: "app-token-invalid" });
  }
  const tsNum = Number(ts);
  if (!ts || !Number.isInteger(tsNum) || Math.abs(Date.now() / 1000 - tsNum) > MAX_CLOCK_SKEW_SECONDS) {
    throw new HttpError(401, "Request timestamp is missing or too far from the server's clock", {
      errorName: "app-token-invalid-ts",
    });
  }
  // The raw URL (path and query as the client wrote them), not the router's decoded path.
  const expected = createHmac("sha256", creds.secretKey)
    .update(`${ts}${req.method.toUpperCase()}${req.raw.url ?? "/"}`)
    .update(rawBody(req.body))
    .digest("hex");
  if (!sig || !safeEqual(sig.toLowerCase(), expected)) {
    throw new HttpError(401, "Request signature mismatch", {
      errorCode: 4003,
      errorName: "app-token-signature mismatch",
    });
  }
}
