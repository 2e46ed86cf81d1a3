// Sumsub's request signature: hex(HMAC-SHA256(secret, ts + METHOD + pathWithQuery + body)), over the
// exact bytes on the wire, so callers serialise once.
import { createHmac } from "node:crypto";

export interface SignatureInput {
  secretKey: string;
  /** Unix time in seconds, as sent in X-App-Access-Ts. */
  ts: number;
  method: string;
  /** Starts with "/", no scheme or host, query included. */
  pathWithQuery: string;
  body?: string | Uint8Array;
}

/** @internal */ export function signRequest({ secretKey, ts, method, pathWithQuery, body }: SignatureInput): string {
  const hmac = createHmac("sha256", secretKey);
  hmac.update(`${ts}${method.toUpperCase()}${pathWithQuery}`);
  if (body !== undefined && body.length > 0) hmac.update(body);
  return hmac.digest("hex");
}

/** The three headers Sumsub requires on every API call. */
export function signedHeaders(
  input: Omit<SignatureInput, "secretKey"> & { appToken: string; secretKey: string },
): Record<string, string> {
  return {
    "X-App-Token": input.appToken,
    "X-App-Access-Ts": String(input.ts),
    "X-App-Access-Sig": signRequest(input),
  };
}
