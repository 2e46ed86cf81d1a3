// A real signed-in founder with a full set of onboarding data on a running stack: the user is made
// with the auth emulator's admin API and signed in with the password grant (/auth/v1/token), so the
// app verifies an emulator-issued token; the data is created through the app's own API
// (founderAt("entry"): everything but the identity check).
import { founderAt, type AppOnStack, type Founder } from "../../tests/support/founders";
import { apiCall } from "../../tests/support/api";

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

export async function founderWithData(stack: AppOnStack): Promise<FounderWithData> {
  const f = await founderAt("entry", { on: stack });
  const person = await apiCall<Record<string, unknown>>(stack.app.url, f.token, "GET", `/api/persons/${f.personId}`);
  return {
    founder: f,
    accessToken: f.token,
    accountId: f.accountId,
    personId: f.personId,
    strategyId: f.strategyId,
    organizationId: f.organizationId,
    person,
  };
}
