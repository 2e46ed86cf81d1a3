// Unit checks of the rules the emulator takes from config.toml: durations, overrides, the
// redirect allow list (GoTrue's glob rules) and the password policy's reasons.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadAuthSettings, parseDuration } from "./settings";
import { RedirectPolicy } from "./redirects";
import { PasswordPolicy, normalizeEmail } from "./passwords";

const FIXTURE = path.join(import.meta.dirname, "fixtures", "config.toml");

describe("config.toml", () => {
  it("reads the product's settings with the CLI's names", () => {
    const s = loadAuthSettings(FIXTURE);
    expect(s).toMatchObject({
      siteUrl: "http://localhost:3000",
      jwtExpiry: 3600,
      minimumPasswordLength: 8,
      passwordRequirements: "lower_upper_letters_digits_symbols",
      email: { enableConfirmations: true, maxFrequency: 1 },
      mfa: { totp: { enrollEnabled: true, verifyEnabled: true } },
    });
    expect(s.additionalRedirectUrls).toEqual(
      expect.arrayContaining(["http://localhost:3000/**", "http://127.0.0.1:3000/**", "http://localhost:5173/**"]),
    );
  });

  it("lets overrides win without losing sibling values", () => {
    const s = loadAuthSettings(FIXTURE, { email: { maxFrequency: 60 }, mfa: { totp: { enrollEnabled: false } } });
    expect(s.email).toMatchObject({ maxFrequency: 60, enableConfirmations: true });
    expect(s.mfa.totp).toEqual({ enrollEnabled: false, verifyEnabled: true });
  });

  it("parses Go-style durations", () => {
    expect(parseDuration("1s")).toBe(1);
    expect(parseDuration("1m30s")).toBe(90);
    expect(parseDuration("2h")).toBe(7200);
    expect(parseDuration("soon")).toBeUndefined();
  });
});

describe("redirect allow list", () => {
  const policy = new RedirectPolicy({
    siteUrl: "http://localhost:3000",
    additionalRedirectUrls: [
      "https://app.example.com/**",
      "https://*.preview.example.com/auth",
      "http://10.0.0.5/**",
      "myapp://**",
    ],
  });

  it.each([
    ["http://localhost:3000/?reset-password=true", true],
    ["http://localhost:5173/anything", true], // site host, port ignored for localhost
    ["http://127.0.0.1:9999/cb", true], // loopback IPs always
    ["https://app.example.com/deep/path?x=1", true],
    ["https://pr-1.preview.example.com/auth", true],
    ["https://a.b.preview.example.com/auth", false], // '*' stays inside one label
    ["https://evil.example.net/", false],
    ["not a url", false],
    ["http://2130706433/", false], // decimal IP
    ["http://10.0.0.5/cb", false], // non-loopback IP literals are refused even when listed
    [" http://localhost:3000/", false], // control characters and spaces
    ["https://app.example.com/cb#frag", true], // the fragment is ignored for matching
    ["myapp://callback", true], // custom schemes can match the list
    ["http://evil.example\\@localhost:3000/", false], // a browser goes to evil.example ('\\' is '/')
    ["http://localhost:3000\\@evil.example/", false],
    ["https://app.example.com\\.evil.example/", false],
    ["http://evil.example%2f@localhost:3000/", false], // user info is refused, whatever it holds
    ["http://user:pw@localhost:3000/", false],
    ["http://local%68ost:3000/", false], // a host the parser rewrites
    ["http://0x7f.1/", false], // hex IP, rewritten to 127.0.0.1 by browsers
    ["https://app.example.com/..%2f..%2f", true], // the path may hold anything; the host is what counts
  ])("%s → %s", (url, allowed) => {
    expect(policy.isAllowed(url)).toBe(allowed);
  });

  it("falls back to the referer, then to site_url", () => {
    expect(policy.resolve("https://evil.example.net/", "https://app.example.com/page")).toBe(
      "https://app.example.com/page",
    );
    expect(policy.resolve(undefined, "https://evil.example.net/")).toBe("http://localhost:3000");
  });
});

describe("password policy", () => {
  const policy = new PasswordPolicy(
    { minimumPasswordLength: 8, passwordRequirements: "lower_upper_letters_digits_symbols" },
    4,
  );

  it("names each failing rule as GoTrue does", () => {
    expect(policy.evaluate("Founder!2026").reasons).toEqual([]);
    expect(policy.evaluate("Ab1!").reasons).toEqual(["length"]);
    expect(policy.evaluate("alllowercase").reasons).toEqual(["characters"]);
    expect(policy.evaluate("short").message).toMatch(
      /^Password should be at least 8 characters\. Password should contain at least one character of each: /,
    );
  });

  it("refuses passwords longer than bcrypt's 72 bytes", () => {
    expect(() => policy.assertStrong(`Aa1!${"x".repeat(70)}`)).toThrow("Password cannot be longer than 72 characters");
  });

  it("hashes with bcrypt and checks matches", async () => {
    const hash = await policy.hash("Founder!2026");
    expect(hash).toMatch(/^\$2[aby]\$04\$/);
    expect(await policy.matches("Founder!2026", hash)).toBe(true);
    expect(await policy.matches("founder!2026", hash)).toBe(false);
  });

  it("hashes with argon2id at its least parameters by default, which another process verifies", async () => {
    const settings = { minimumPasswordLength: 6, passwordRequirements: "" } as const;
    const made = await new PasswordPolicy(settings).hash("argon-password");
    expect(made).toMatch(/^\$argon2id\$v=19\$m=8,t=1,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    const fresh = new PasswordPolicy(settings, 10);
    expect(await fresh.matches("argon-password", made)).toBe(true);
    expect(await fresh.matches("argon-passwore", made)).toBe(false);
  });

  it("verifies hashes of any cost in a process that did not make them (GoTrue's 10 as the emulator's 4)", async () => {
    const made = await new PasswordPolicy({ minimumPasswordLength: 6, passwordRequirements: "" }, 10).hash("pass-10");
    expect(made).toMatch(/^\$2[aby]\$10\$/);
    const fresh = new PasswordPolicy({ minimumPasswordLength: 6, passwordRequirements: "" }, 4);
    expect(await fresh.matches("pass-10", made)).toBe(true);
    expect(await fresh.matches("pass-11", made)).toBe(false);
    expect(() => new PasswordPolicy({ minimumPasswordLength: 6, passwordRequirements: "" }, 3)).toThrow("4 to 31");
  });

  it.each([
    "a:b@example.com",
    "a;b@example.com",
    "a b@example.com",
    '"a"@example.com',
    "a@-example.com",
    "a@example..com",
    "a@exa_mple.com",
    " a@example.com",
    "a@",
    "@example.com",
  ])("refuses %s as GoTrue's format check does", (address) => {
    expect(() => normalizeEmail(address)).toThrow("Unable to validate email address: invalid format");
  });

  it.each(["a+tag@example.com", "o'hara@example.com", "x@localhost", "a.b-c_d@sub.example.co"])(
    "accepts %s",
    (address) => {
      expect(normalizeEmail(address)).toBe(address.toLowerCase());
    },
  );

  it("lower-cases addresses and rejects malformed ones", () => {
    expect(normalizeEmail("Ada@Example.COM")).toBe("ada@example.com");
    expect(() => normalizeEmail("x".repeat(250) + "@example.com")).toThrow("An email address is too long");
    expect(() => normalizeEmail("nope")).toThrow("Unable to validate email address: invalid format");
    expect(() => normalizeEmail("")).toThrow("An email address is required");
  });
});

describe("verified password cache", () => {
  it("remembers a right password for its hash only, never a wrong one, and holds no password", async () => {
    const policy = new PasswordPolicy({ minimumPasswordLength: 6, passwordRequirements: "" }, 4);
    const hash = await policy.hash("right-password");
    const other = await policy.hash("other-password");
    expect(await policy.matches("right-password", hash)).toBe(true);
    expect(await policy.matches("right-password", hash)).toBe(true); // from the cache
    expect(await policy.matches("wrong-password", hash)).toBe(false);
    expect(await policy.matches("right-password", other)).toBe(false); // a changed password's hash
    expect(await policy.matches("right-password", null)).toBe(false);
    expect(
      JSON.stringify([...(policy as unknown as { verified: { pairs: Set<string> } }).verified.pairs]),
    ).not.toContain("right-password");
  });

  it("knows the pair of a hash it made: a new user's first sign-in runs no bcrypt", async () => {
    const policy = new PasswordPolicy({ minimumPasswordLength: 6, passwordRequirements: "" }, 4);
    const hash = await policy.hash("right-password");
    const inFlight = (policy as unknown as { inFlight: Map<string, Promise<boolean>> }).inFlight;
    const check = policy.matches("right-password", hash);
    expect(inFlight.size).toBe(0);
    expect(await check).toBe(true);
  });

  it("shares one bcrypt run between simultaneous checks of the same pair", async () => {
    const policy = new PasswordPolicy({ minimumPasswordLength: 6, passwordRequirements: "" }, 4);
    // Made elsewhere (another process, a seed): not yet a known pair here.
    const hash = await new PasswordPolicy({ minimumPasswordLength: 6, passwordRequirements: "" }, 4).hash(
      "right-password",
    );
    const inFlight = (policy as unknown as { inFlight: Map<string, Promise<boolean>> }).inFlight;
    const checks = Array.from({ length: 5 }, () => policy.matches("right-password", hash));
    expect(inFlight.size).toBe(1);
    expect(await Promise.all(checks)).toEqual([true, true, true, true, true]);
    expect(inFlight.size).toBe(0);
  });
});
