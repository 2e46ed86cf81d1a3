// A real signed-in founder with a full set of onboarding data on a running stack: the user is made
// with the auth emulator's admin API and signed in with the password grant (/auth/v1/token), so the
// app verifies an emulator-issued token; the data is created through the app's own API.
import { createFounder, signInThroughApi, type AuthStack, type Founder } from "../../tests/support/founders";
import { ORGANIZATION, PROFILE } from "../../tests/support/entry";

export interface FounderWithData {
  founder: Founder;
  accessToken: string;
  accountId: number;
  personId: number;
  strategyId: number;
  organizationId: number;
  /** The person as GET /api/persons/{id} returns it: a valid PUT body (the masked SSN keeps the stored one). */
  person: Record<string, unknown>;
}

async function api<T>(appUrl: string, token: string, method: string, path: string, body?: unknown, expected = 200): Promise<T> {
  const res = await fetch(`${appUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== expected) throw new Error(`${method} ${path}: expected ${expected}, got ${res.status} ${text.slice(0, 200)}`);
  return JSON.parse(text) as T;
}

export async function founderWithData(stack: AuthStack & { app: { url: string } }): Promise<FounderWithData> {
  const founder = await createFounder(stack);
  const session = await signInThroughApi(stack, founder);
  const token = session.access_token;
  const appUrl = stack.app.url;
  const { account_id: accountId } = await api<{ account_id: number }>(appUrl, token, "GET", `/api/accounts/user/${founder.id}`);
  const { person_id: personId } = await api<{ person_id: number }>(appUrl, token, "POST", "/api/persons/", { account_id: accountId, account_primary_holder: true, ...PROFILE }, 201);
  const { strategy_id: strategyId } = await api<{ strategy_id: number }>(appUrl, token, "POST", "/api/strategies/", { account_id: accountId, strategy_type: "strategy_type_founder" }, 201);
  const { organization_id: organizationId } = await api<{ organization_id: number }>(appUrl, token, "POST", "/api/organizations/", { strategy_id: strategyId, ...ORGANIZATION }, 201);
  await api(appUrl, token, "POST", "/api/organization_users/", { organization_id: organizationId, person_id: personId, primary_holder: true }, 201);
  const person = await api<Record<string, unknown>>(appUrl, token, "GET", `/api/persons/${personId}`);
  return { founder, accessToken: token, accountId, personId, strategyId, organizationId, person };
}
