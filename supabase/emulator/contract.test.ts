// The emulator against GoTrue's own OpenAPI document (fixtures/vendor/gotrue): every operation the
// document lists is either answered as documented (each documented status provoked over HTTP, its
// body checked against the document's schema, an error's error_code against GoTrue's) or named as
// a deliberate absence that answers as a GoTrue with that feature off. A new operation in a
// refreshed document fails by name until it gets a case.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAuthEmulator, type AuthEmulator } from "./index";
import type { SettingsOverrides } from "./settings";
import { DOCUMENT_PATH, documentPresent, GoTrueDocument } from "./test-support/openapi-contract";
import { ABSENT, CASES, Fixtures, TEST_PHONE, TEST_PHONE_OTP, type Answer } from "./test-support/contract-cases";
import { scaled } from "../../tests/support/machine";

const doc = documentPresent ? new GoTrueDocument() : undefined;
const operations = doc?.operations() ?? [];

const FEATURES: SettingsOverrides = {
  enableAnonymousSignIns: true,
  manualLinkingEnabled: true,
  googleEnabled: true,
  oauthServerEnabled: true,
  mfa: { totp: { enrollEnabled: true, verifyEnabled: true } },
  sms: { enableSignup: true, testOtp: { [TEST_PHONE]: TEST_PHONE_OTP } },
};

let f: Fixtures;
const running: AuthEmulator[] = [];
beforeAll(async () => {
  // A secret of its own: the instance checks apikeys as a hosted project's gateway does.
  const start = (rateLimit?: SettingsOverrides["rateLimit"], maxFrequency = 0) =>
    startAuthEmulator({
      quiet: true,
      bcryptCost: 4,
      jwtSecret: "contract-test-secret-with-at-least-32-characters",
      configOverrides: { ...FEATURES, rateLimit, email: { maxFrequency } },
    });
  running.push(
    ...(await Promise.all([
      start(),
      start({ signInSignUps: 2, tokenVerifications: 3, tokenRefresh: 2, emailSent: 1, anonymousUsers: 2 }, 3600),
    ])),
  );
  f = new Fixtures(running[0] as AuthEmulator, running[1] as AuthEmulator);
}, scaled(30_000));
afterAll(async () => {
  await Promise.all(running.map((e) => e.stop()));
});

const results = new Map<string, string[]>();
const absentAsDocumented = new Map<string, boolean>();

function errorCodeOf(answer: Answer): string | undefined {
  const body = answer.body as { error_code?: unknown } | null;
  return typeof body?.error_code === "string" ? body.error_code : undefined;
}

describe.skipIf(!doc)("GoTrue's OpenAPI document", () => {
  it("names every operation once: a case table or a deliberate absence", () => {
    const keys = operations.map((o) => o.key);
    const unknown = keys.filter((k) => !(k in CASES) && !(k in ABSENT));
    expect(unknown, "operations of the document without a case").toEqual([]);
    const stale = [...Object.keys(CASES), ...Object.keys(ABSENT)].filter((k) => !keys.includes(k));
    expect(stale, "cases for operations the document no longer lists").toEqual([]);
  });

  for (const op of operations) {
    const cases = CASES[op.key];
    if (!cases) continue;
    it(`${op.key}: every documented status`, async () => {
      const problems: string[] = [];
      for (const status of Object.keys(op.responses)) {
        const expectation = cases.statuses[status];
        if (!expectation) {
          if (!cases.unprovoked?.[status]) problems.push(`${status}: no case and no reason given`);
          continue;
        }
        const answer = await expectation.run(f);
        for (const d of doc!.departures(op, status, answer)) problems.push(`${status}: ${d}`);
        if (expectation.code && errorCodeOf(answer) !== expectation.code)
          problems.push(`${status}: error_code ${String(errorCodeOf(answer))}, GoTrue's is ${expectation.code}`);
      }
      for (const status of Object.keys(cases.statuses))
        if (!(status in op.responses)) problems.push(`${status}: a case for a status the document does not give`);
      results.set(op.key, problems);
      expect(problems).toEqual([]);
    });
  }
});

describe("operations left out on purpose", () => {
  for (const [key, absent] of Object.entries(ABSENT)) {
    it(`${key}: absent on purpose, answered as a GoTrue with the feature off`, async () => {
      const answer = await absent.run(f);
      const seen = { status: answer.status, code: errorCodeOf(answer) };
      absentAsDocumented.set(key, seen.status === absent.status && seen.code === absent.code);
      expect(seen, JSON.stringify(answer.body)).toEqual({ status: absent.status, code: absent.code });
    });
  }
});

if (!doc)
  console.log(
    `GoTrue contract: skipped, no copy of GoTrue's openapi.yaml at ${DOCUMENT_PATH} (fixtures/vendor/gotrue/README.md says how to get one)`,
  );

afterAll(() => {
  if (!doc) return;
  const passed = [...results.values()].filter((p) => p.length === 0).length;
  const absent = [...absentAsDocumented.values()].filter(Boolean).length;
  console.log(
    `GoTrue contract: ${passed + absent} of ${operations.length} operations: ${passed} answered as documented, ` +
      `${absent} absent on purpose and answered as a GoTrue with the feature off`,
  );
});
