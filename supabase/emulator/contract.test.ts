// The emulator against GoTrue's own OpenAPI document (GOTRUE_OPENAPI): every operation the document
// lists is either answered as documented (each documented status provoked over HTTP, its body
// checked against the document's schema, an error's error_code against GoTrue's) or named as a
// deliberate absence that answers as a GoTrue with that feature off. A new operation in a refreshed
// document fails by name until it gets a case. CI sets GOTRUE_OPENAPI, so there a missing document fails.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse, stringify } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAuthEmulator, type AuthEmulator } from "./index";
import type { SettingsOverrides } from "./settings";
import { DOCUMENT_PATH, GoTrueDocument, type Operation } from "./test-support/openapi-contract";
import {
  ABSENT,
  CASES,
  Fixtures,
  TEST_PHONE,
  TEST_PHONE_OTP,
  UPCOMING,
  type Answer,
} from "./test-support/contract-cases";
import { scaled } from "../../tests/support/machine";

const doc = DOCUMENT_PATH && fs.existsSync(DOCUMENT_PATH) ? new GoTrueDocument(DOCUMENT_PATH) : undefined;
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

/** Operations of `keys` without a case or absence, and cases for operations the document lacks. */
function unnamed(keys: string[]): { unknown: string[]; stale: string[] } {
  const named = [...Object.keys(CASES), ...Object.keys(ABSENT)];
  return {
    unknown: keys.filter((k) => !(k in CASES) && !(k in ABSENT)),
    stale: named.filter((k) => !keys.includes(k) && !UPCOMING.has(k)),
  };
}

/** Every way the emulator's answers depart from what `document` gives `op` (empty: none). */
async function problemsOf(document: GoTrueDocument, op: Operation): Promise<string[]> {
  const cases = CASES[op.key];
  if (!cases) return [`${op.key}: no case`];
  const problems: string[] = [];
  for (const status of Object.keys(op.responses)) {
    const expectation = cases.statuses[status];
    if (!expectation) {
      if (!cases.unprovoked?.[status]) problems.push(`${status}: no case and no reason given`);
      continue;
    }
    const answer = await expectation.run(f);
    for (const d of document.departures(op, status, answer)) problems.push(`${status}: ${d}`);
    if (expectation.code && errorCodeOf(answer) !== expectation.code)
      problems.push(`${status}: error_code ${String(errorCodeOf(answer))}, GoTrue's is ${expectation.code}`);
  }
  for (const status of Object.keys(cases.statuses))
    if (!(status in op.responses)) problems.push(`${status}: a case for a status the document does not give`);
  return problems;
}

describe("where the document comes from", () => {
  it("is named by GOTRUE_OPENAPI in CI (.ci/run), so there the operation-by-operation part always runs", () => {
    const ciRun = fs.readFileSync(path.join(import.meta.dirname, "../../.ci/run"), "utf8");
    expect(ciRun).toMatch(/^export GOTRUE_OPENAPI=\S+\/openapi\.yaml$/m);
  });

  it.runIf(DOCUMENT_PATH)("is there when GOTRUE_OPENAPI names it: a missing document fails, never skips", () => {
    expect(fs.existsSync(DOCUMENT_PATH ?? ""), `GOTRUE_OPENAPI=${process.env.GOTRUE_OPENAPI}: no such file`).toBe(true);
  });
});

describe.skipIf(!doc)("GoTrue's OpenAPI document", () => {
  it("names every operation once: a case table or a deliberate absence", () => {
    const { unknown, stale } = unnamed(operations.map((o) => o.key));
    expect(unknown, "operations of the document without a case").toEqual([]);
    expect(stale, "cases for operations the document no longer lists").toEqual([]);
  });

  for (const op of operations) {
    if (!CASES[op.key]) continue;
    it(`${op.key}: every documented status`, async () => {
      const problems = await problemsOf(doc!, op);
      results.set(op.key, problems);
      expect(problems).toEqual([]);
    });
  }

  // The next document: an upstream pull request documents POST /admin/users (GoTrue's adminUserCreate).
  it("passes on the document with POST /admin/users added", async () => {
    const next = parse(fs.readFileSync(DOCUMENT_PATH!, "utf8")) as { paths: Record<string, Record<string, unknown>> };
    const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });
    const json = (schema: string) => ({ "application/json": { schema: { $ref: `#/components/schemas/${schema}` } } });
    next.paths["/admin/users"]!.post = {
      summary: "Create a user.",
      tags: ["admin"],
      security: [{ APIKeyAuth: [], AdminAuth: [] }],
      responses: {
        "200": { description: "The new user.", content: json("UserSchema") },
        "400": ref("BadRequestResponse"),
        "401": ref("UnauthorizedResponse"),
        "403": ref("ForbiddenResponse"),
        "422": { description: "A user already has this address or number.", content: json("ErrorSchema") },
        "500": ref("InternalServerErrorResponse"),
      },
    };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gotrue-next-"));
    try {
      fs.writeFileSync(path.join(dir, "openapi.yaml"), stringify(next));
      const nextDoc = new GoTrueDocument(path.join(dir, "openapi.yaml"));
      const nextOps = nextDoc.operations();
      expect(unnamed(nextOps.map((o) => o.key))).toEqual({ unknown: [], stale: [] });
      const created = nextOps.find((o) => o.key === "POST /admin/users");
      expect(created).toBeDefined();
      expect(await problemsOf(nextDoc, created!)).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
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

if (!DOCUMENT_PATH)
  console.log(
    "GoTrue contract: skipped, GOTRUE_OPENAPI is not set: point it at GoTrue's openapi.yaml (relative to the project root, as .ci/run does) to run it",
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
