import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  serializerCompiler as encodingSerializerCompiler,
  ResponseSerializationError,
} from "fastify-type-provider-zod";
import { allData, person } from "../contract/entities";
import { parsesLikeItEncodes, serializerCompiler } from "./response-serializer";

const route = (schema: unknown) =>
  ({ schema, method: "GET", url: "/x", httpStatus: "200" }) as Parameters<typeof serializerCompiler>[0];

/** The response as the library's own (encode-based) serializer writes it, or the error it throws. */
function outcome(compiler: typeof serializerCompiler, schema: unknown, data: unknown): string | Error {
  try {
    return compiler(route(schema))(data);
  } catch (err) {
    return err as Error;
  }
}

function expectSameAsLibrary(schema: unknown, data: unknown): string | Error {
  const ours = outcome(serializerCompiler, schema, data);
  const library = outcome(encodingSerializerCompiler as typeof serializerCompiler, schema, data);
  if (library instanceof Error) {
    expect(ours).toBeInstanceOf(ResponseSerializationError);
    expect(library).toBeInstanceOf(ResponseSerializationError);
    expect((ours as ResponseSerializationError).cause).toEqual((library as ResponseSerializationError).cause);
  } else {
    expect(ours).toBe(library);
  }
  return ours;
}

const PERSON = {
  person_id: 7,
  account_id: 3,
  account_primary_holder: true,
  is_addon: false,
  email: "ann@example.com",
  first_name: "Ann",
  last_name: "Lee",
  dob: "1980-01-01",
  ssn: "***-**-1234",
  phone: "5551234567",
  address_line1: "1 Main St",
  address_line2: null,
  city: "Austin",
  state: "us_state_texas",
  zip: "78701",
  marital_status: "marital_status_single",
  sumsub_applicant_id: null,
  sumsub_completed_at: null,
  sumsub_review_answer: null,
  sumsub_email_sent_at: null,
  created_at: "2026-01-01T00:00:00.000",
  updated_at: "2026-01-01T00:00:00.000",
};

describe("response serializer", () => {
  it("takes the fast path for the contract's plain response schemas", () => {
    expect(parsesLikeItEncodes(person)).toBe(true);
    expect(parsesLikeItEncodes(allData)).toBe(true);
  });

  it("writes what the library writes, stripping keys the contract does not list", () => {
    const json = expectSameAsLibrary(person, { ...PERSON, ssn_encrypted: "secret", extra: 1 });
    expect(JSON.parse(json as string)).toEqual(PERSON);
  });

  it("refuses a response that breaks the contract, as the library does", () => {
    expect(expectSameAsLibrary(person, { ...PERSON, ssn: "123456789" })).toBeInstanceOf(ResponseSerializationError);
    expect(expectSameAsLibrary(person, { ...PERSON, person_id: "7" })).toBeInstanceOf(ResponseSerializationError);
    expect(expectSameAsLibrary(z.array(person), [PERSON, { ...PERSON, email: 5 }])).toBeInstanceOf(
      ResponseSerializationError,
    );
  });

  it("leaves schemas whose parse and encode differ to the library's encode path", () => {
    const withDefault = z.object({ n: z.number().default(1) });
    const withCodec = z.object({
      at: z.codec(z.iso.datetime(), z.date(), { decode: (s) => new Date(s), encode: (d) => d.toISOString() }),
    });
    expect(parsesLikeItEncodes(withDefault)).toBe(false);
    expect(parsesLikeItEncodes(withCodec)).toBe(false);
    expect(expectSameAsLibrary(withCodec, { at: new Date("2026-01-01T00:00:00Z") })).toBe(
      '{"at":"2026-01-01T00:00:00.000Z"}',
    );
    expectSameAsLibrary(withDefault, {});
  });
});
