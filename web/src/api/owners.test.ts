import { fakeApi } from "@/testing/fake-api";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createFakeSupabase, fakeSession } from "@/testing/fake-supabase";
import { ApiError } from "@/lib/api-client";
import { addOwner, OwnerNotLinkedError } from "./owners";

beforeEach(() => {
  fakeApi.reset();
  const sb = createFakeSupabase().install();
  sb.auth.getSession.mockResolvedValue({ data: { session: fakeSession() }, error: null } as never);
});
afterEach(() => fakeApi.reset());

const input = { accountId: 7, organizationId: 3, email: "owner@example.com" };

describe("addOwner (the one add-owner sequence)", () => {
  it("creates an add-on person with only the email, then links them to the organization", async () => {
    fakeApi.on("POST", "/api/persons/", { person_id: 30 }).on("POST", "/api/organization_users/", { ok: true });
    expect(await addOwner(input)).toBe(30);
    expect(fakeApi.callsTo("POST", "/api/persons/")[0]!.body).toEqual({
      account_id: 7,
      account_primary_holder: false,
      is_addon: true,
      email: "owner@example.com",
    });
    expect(fakeApi.callsTo("POST", "/api/organization_users/")[0]!.body).toEqual({
      organization_id: 3,
      person_id: 30,
      primary_holder: false,
    });
  });

  it("a refused create rejects with the API's error and links nothing", async () => {
    fakeApi.fail("POST", "/api/persons/", 400, "Invalid email");
    await expect(addOwner(input)).rejects.toBeInstanceOf(ApiError);
    expect(fakeApi.callsTo("POST", "/api/organization_users/")).toHaveLength(0);
  });

  it("a failed link rejects with OwnerNotLinkedError carrying the created person", async () => {
    fakeApi
      .on("POST", "/api/persons/", { person_id: 31 })
      .fail("POST", "/api/organization_users/", 409, "Already linked");
    const err: unknown = await addOwner(input).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OwnerNotLinkedError);
    expect((err as OwnerNotLinkedError).personId).toBe(31);
    expect((err as OwnerNotLinkedError).cause).toBeInstanceOf(ApiError);
  });
});
