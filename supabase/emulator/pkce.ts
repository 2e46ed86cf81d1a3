// PKCE flow states (GoTrue's flow_state table): created when a client sends a code_challenge,
// bound to a user once the mail link or the provider callback succeeds, and exchanged once
// for a session at /token?grant_type=pkce.
import { createHash, randomUUID } from "node:crypto";
import type { AuthContext } from "./context";
import { badRequest, notFound, unprocessable, validationFailed } from "./errors";
import { isoToMs } from "./clock";
import type { FlowStateRow } from "./store";

/** GoTrue's flow state lifetime once the auth code is issued. */
const FLOW_STATE_TTL_MS = 5 * 60_000;

export interface PkceParams {
  codeChallenge: string;
  method: "s256" | "plain";
}

/** Reads code_challenge/code_challenge_method from a body; both or neither (GoTrue validatePKCEParams). */
export function pkceParams(body: {
  code_challenge?: unknown;
  code_challenge_method?: unknown;
}): PkceParams | undefined {
  const challenge = typeof body.code_challenge === "string" ? body.code_challenge : "";
  const method = typeof body.code_challenge_method === "string" ? body.code_challenge_method.toLowerCase() : "";
  if (!challenge && !method) return undefined;
  if (!challenge || !method) throw validationFailed("PKCE flow requires code_challenge_method and code_challenge");
  if (method !== "s256" && method !== "plain") throw validationFailed("code challenge method not supported");
  if (challenge.length < 43 || challenge.length > 128)
    throw validationFailed("code challenge has to be between 43 and 128 characters");
  return { codeChallenge: challenge, method };
}

export function createFlowState(
  ctx: AuthContext,
  p: PkceParams | undefined,
  fields: {
    userId: string | null;
    provider: string;
    method: string;
    redirectTo: string | null;
    linkingTargetId?: string;
  },
): FlowStateRow {
  return ctx.store.flowStates.insertFlowState({
    id: randomUUID(),
    auth_code: randomUUID(),
    user_id: fields.userId,
    code_challenge: p?.codeChallenge ?? "",
    code_challenge_method: p?.method ?? "s256",
    provider_type: fields.provider,
    authentication_method: fields.method,
    redirect_to: fields.redirectTo,
    linking_target_id: fields.linkingTargetId ?? null,
  });
}

/** Checks the verifier against the stored challenge and consumes the flow state. */
export function redeemAuthCode(
  ctx: AuthContext,
  authCode: unknown,
  verifier: unknown,
): { userId: string; method: string } {
  if (typeof authCode !== "string" || !authCode || typeof verifier !== "string" || !verifier) {
    throw validationFailed("invalid request: both auth code and code verifier should be non-empty");
  }
  const flow = ctx.store.flowStates.findFlowStateByCode(authCode);
  if (!flow || !flow.user_id) throw notFound("flow_state_not_found", "invalid flow state, no valid flow state found");
  if (Date.now() - isoToMs(flow.created_at) > FLOW_STATE_TTL_MS) {
    ctx.store.flowStates.deleteFlowState(flow.id);
    throw unprocessable("flow_state_expired", "invalid flow state, flow state has expired");
  }
  const computed =
    flow.code_challenge_method === "plain" ? verifier : createHash("sha256").update(verifier).digest("base64url");
  if (computed !== flow.code_challenge) {
    throw badRequest("bad_code_verifier", "code challenge does not match previously saved code verifier");
  }
  ctx.store.flowStates.deleteFlowState(flow.id);
  return { userId: flow.user_id, method: flow.authentication_method };
}
