// HOST off loopback would put the emulators' public keys (printed by every install) on the network:
// the stack refuses to start them there unless ALLOW_PUBLIC_KEYS says the network is trusted, as
// docker-compose.yml does behind ports published on 127.0.0.1 only (docs/security.md).
import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../server/src/config";
import { publicKeysOnNetwork } from "../../scripts/stack";
import { REPO_ROOT } from "../../server/src/app";
import { bootStack } from "../support/stack";

const secret = () => randomBytes(32).toString("base64url");

/** The start's refusal, or undefined when the stack came up (then it is closed again). */
async function refusalOf(env: Record<string, string>): Promise<string | undefined> {
  try {
    await (await bootStack(env)).close();
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

describe("the local stack off loopback", () => {
  it("refuses to start the auth and identity emulators on every interface with their public keys", async () => {
    const refusal = await refusalOf({ HOST: "0.0.0.0" });
    expect(refusal).toMatch(/HOST=0\.0\.0\.0 would put the auth emulator .* and the identity emulator /);
    expect(refusal).toContain("set ALLOW_PUBLIC_KEYS=true on a network you trust");
  });

  it("refuses the identity emulator alone when auth is external", async () => {
    const refusal = await refusalOf({ HOST: "0.0.0.0", AUTH_MODE: "external" });
    expect(refusal).toMatch(/^Invalid configuration:\n {2}- HOST=0\.0\.0\.0 would put the identity emulator /);
    expect(refusal).not.toContain("auth emulator");
  });

  it("judges every address that is not loopback, and only the emulators that run on public keys", () => {
    const exposure = (env: Record<string, string>) => publicKeysOnNetwork(loadConfig(env));
    for (const host of ["0.0.0.0", "::", "192.168.1.20", "10.0.0.5", "example.org"])
      expect(exposure({ HOST: host }), host).toMatch(/auth emulator .* identity emulator/);
    for (const host of ["127.0.0.1", "127.0.0.2", "localhost", "::1", "[::1]"])
      expect(exposure({ HOST: host })).toBe(undefined);
    // Keys of its own: the emulator's, the app's and the identity emulator's secrets are nobody else's.
    expect(exposure({ HOST: "0.0.0.0", SUPABASE_JWT_SECRET: secret(), SUMSUB_SECRET_KEY: secret() })).toBe(undefined);
    expect(exposure({ HOST: "0.0.0.0", SUPABASE_JWT_SECRET: secret() })).toMatch(/put the identity emulator/);
    expect(exposure({ HOST: "0.0.0.0", ALLOW_PUBLIC_KEYS: "true" })).toBe(undefined);
  });

  it("lets docker-compose.yml's local stack start only through its explicit ALLOW_PUBLIC_KEYS", () => {
    const compose = parse(fs.readFileSync(path.join(REPO_ROOT, "docker-compose.yml"), "utf8")) as {
      services: Record<string, { environment: Record<string, string | boolean> }>;
    };
    const env = Object.fromEntries(
      Object.entries(compose.services["founder-foundation"]!.environment).map(([k, v]) => [
        k,
        String(v).startsWith("${") ? secret() : String(v),
      ]),
    );
    expect(env).toMatchObject({ HOST: "0.0.0.0", ALLOW_PUBLIC_KEYS: "true" });
    expect(publicKeysOnNetwork(loadConfig(env))).toBe(undefined);
    const { ALLOW_PUBLIC_KEYS: _optIn, ...withoutOptIn } = env;
    expect(publicKeysOnNetwork(loadConfig(withoutOptIn))).toMatch(/^HOST=0\.0\.0\.0 would put the auth emulator/);
  });
});
