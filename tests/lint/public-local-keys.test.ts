// The Supabase CLI's public local keys are written in two places on purpose (decision 0009): the
// auth emulator package owns them (it must not import product code) and the server's config owns
// them (production refuses them; the server must not import supabase/). This pins the two copies
// together, so a change to one that misses the other fails here instead of in a deployment.
import { describe, expect, it } from "vitest";
import { SUPABASE_CLI_KEYS } from "@founder-foundation/auth-emulator";
import { LOCAL_SUPABASE } from "../../server/src/config";

describe("the Supabase CLI's public local keys", () => {
  it("are the same in the auth emulator package and in the server's config", () => {
    expect(LOCAL_SUPABASE).toEqual(SUPABASE_CLI_KEYS);
  });
});
