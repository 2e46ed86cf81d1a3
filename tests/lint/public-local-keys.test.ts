// Two things are written on both sides of a wall on purpose (decision 0009): the Supabase CLI's
// public local keys (the auth emulator package must not import product code; the server's config
// refuses them in production and must not import supabase/) and the secret-strength rule both apply.
// This pins each pair together, so a change to one copy that misses the other fails here.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SUPABASE_CLI_KEYS } from "@founder-foundation/auth-emulator";
import { LOCAL_SUPABASE } from "../../server/src/config";
import { REPO_ROOT } from "../../server/src/app";

describe("the Supabase CLI's public local keys", () => {
  it("are the same in the auth emulator package and in the server's config", () => {
    expect(LOCAL_SUPABASE).toEqual(SUPABASE_CLI_KEYS);
  });
});

describe("the secret-strength rule", () => {
  it("is the same file in the auth emulator package and in the server", () => {
    const copy = (file: string) => fs.readFileSync(path.join(REPO_ROOT, file), "utf8");
    expect(copy("server/src/secret-strength.ts")).toBe(copy("supabase/emulator/secret-strength.ts"));
  });
});
