// Signing and verifying JWTs as the current Supabase CLI stack does: user access tokens are
// asymmetric (ES256 with a key generated on first start and kept in DATA_DIR, or the first key of
// `[auth] signing_keys_path`), published at the JWKS endpoint with a kid; the anon and
// service_role API keys stay HS256 with the shared JWT secret. Verification accepts both.
import fs from "node:fs";
import path from "node:path";
import { createHmac, createPrivateKey, randomUUID, sign, type JsonWebKey, type KeyObject } from "node:crypto";
import {
  jwtVerify,
  importJWK,
  exportJWK,
  generateKeyPair,
  decodeProtectedHeader,
  type JWK,
  type JWTPayload,
  type CryptoKey,
} from "jose";
import { forbidden } from "./errors";
import { nowSeconds } from "./clock";

const KEY_FILE = "auth-signing-key.json";
/** How many known-good tokens are remembered (a few MB at most). */
const KNOWN_TOKENS = 2000;
const PRIVATE_FIELDS = ["d", "p", "q", "dp", "dq", "qi", "k"] as const;

interface LoadedKey {
  kid: string;
  alg: "ES256" | "RS256";
  publicJwk: JWK;
  /** node:crypto's form: a third of WebCrypto's CPU per token issued, signed on libuv's pool, as passwords are hashed. */
  privateKey: KeyObject | null;
  publicKey: CryptoKey;
}

export class KeyRing {
  /**
   * Tokens signed here or verified once, with their payload's JSON: the keys never change while running,
   * so only expiry is left to check, and an ES256 check costs more than the rest of a request.
   */
  private readonly known = new Map<string, { payload: string; exp: number }>();

  private constructor(
    private readonly signer: LoadedKey & { privateKey: KeyObject },
    private readonly keys: LoadedKey[],
    private readonly secret: Uint8Array,
    /** Settable once the listening port is known (port 0), before the first request. */
    public issuer: string,
    /** User tokens HS256 with the secret, no kid, as a GoTrue without signing keys signs them. */
    private readonly hs256: boolean,
  ) {}

  /**
   * signingKeysPath: the CLI's JWK list (first key signs). Otherwise the emulator's own ES256 key,
   * generated once into dataDir so tokens survive restarts and the JWKS stays stable.
   */
  static async load(opts: {
    dataDir: string;
    jwtSecret: string;
    issuer: string;
    signingKeysPath?: string;
    hs256UserTokens?: boolean;
  }): Promise<KeyRing> {
    if (opts.hs256UserTokens && opts.signingKeysPath)
      throw new Error("HS256 user tokens and [auth] signing_keys_path exclude each other: choose one");
    const jwks = opts.signingKeysPath ? readJwkList(opts.signingKeysPath) : [await ownKey(opts.dataDir)];
    const keys = await Promise.all(jwks.map(importKey));
    const first = keys[0];
    if (!first?.privateKey) throw new Error("the first signing key must be a private EC (ES256) or RSA (RS256) JWK");
    return new KeyRing(
      { ...first, privateKey: first.privateKey },
      keys,
      new TextEncoder().encode(opts.jwtSecret),
      opts.issuer,
      opts.hs256UserTokens ?? false,
    );
  }

  get signingKid(): string {
    return this.signer.kid;
  }

  /** Public halves only; HMAC secrets are never listed (GoTrue's jwks.go), so HS256 alone lists none. */
  jwks(): { keys: JWK[] } {
    return { keys: this.hs256 ? [] : this.keys.map((k) => k.publicJwk) };
  }

  async signUserToken(claims: JWTPayload, expiresAt: number, issuedAt: number): Promise<string> {
    const header = this.hs256
      ? { alg: "HS256", typ: "JWT" }
      : { alg: this.signer.alg, kid: this.signer.kid, typ: "JWT" };
    const payload = JSON.stringify({ ...claims, iss: this.issuer, iat: issuedAt, exp: expiresAt });
    const input = `${b64json(header)}.${Buffer.from(payload).toString("base64url")}`;
    const signature = this.hs256
      ? createHmac("sha256", this.secret).update(input).digest()
      : await new Promise<Buffer>((resolve, reject) =>
          sign("sha256", Buffer.from(input), { key: this.signer.privateKey, dsaEncoding: "ieee-p1363" }, (e, s) =>
            e ? reject(e) : resolve(s),
          ),
        );
    const token = `${input}.${signature.toString("base64url")}`;
    this.remember(token, payload, expiresAt);
    return token;
  }

  private remember(token: string, payload: string, exp: number): void {
    if (this.known.size >= KNOWN_TOKENS) this.known.delete(this.known.keys().next().value as string);
    this.known.set(token, { payload, exp });
  }

  /** Verifies an asymmetric token by kid, else HS256 with the JWT secret; errors as GoTrue's bad_jwt. */
  async verify(token: string): Promise<JWTPayload> {
    const known = this.known.get(token);
    // jose's rule: expired once exp <= now (no clock tolerance); the payload is parsed afresh, as jose does.
    if (known && known.exp <= nowSeconds()) throw badJwt("token has invalid claims: token is expired");
    if (known) return JSON.parse(known.payload) as JWTPayload;
    const payload = await this.verifyFully(token);
    const json = Buffer.from(token.slice(token.indexOf(".") + 1, token.lastIndexOf(".")), "base64url").toString();
    this.remember(token, json, typeof payload.exp === "number" ? payload.exp : Infinity);
    return payload;
  }

  private async verifyFully(token: string): Promise<JWTPayload> {
    let header;
    try {
      header = decodeProtectedHeader(token);
    } catch {
      throw badJwt("token is malformed");
    }
    try {
      if (header.alg === "HS256") return (await jwtVerify(token, this.secret, { algorithms: ["HS256"] })).payload;
      const key =
        this.keys.find((k) => k.kid === header.kid) ??
        (header.kid ? undefined : this.keys.find((k) => k.alg === header.alg));
      if (!key) throw new Error("no key found for kid");
      return (await jwtVerify(token, key.publicKey, { algorithms: [key.alg] })).payload;
    } catch (err) {
      const code = (err as { code?: string }).code;
      throw badJwt(code === "ERR_JWT_EXPIRED" ? "token has invalid claims: token is expired" : "signature is invalid");
    }
  }
}

const b64json = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");

const badJwt = (detail: string) => forbidden("bad_jwt", `invalid JWT: unable to parse or verify signature, ${detail}`);

function readJwkList(file: string): JWK[] {
  const parsed: unknown = JSON.parse(fs.readFileSync(file, "utf8"));
  const list = Array.isArray(parsed) ? parsed : (parsed as { keys?: unknown }).keys;
  if (!Array.isArray(list) || list.length === 0) throw new Error(`${file}: expected a non-empty JSON array of JWKs`);
  return list as JWK[];
}

async function ownKey(dataDir: string): Promise<JWK> {
  const file = path.join(dataDir, KEY_FILE);
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, "utf8")) as JWK;
  const { privateKey } = await generateKeyPair("ES256", { extractable: true });
  const jwk: JWK = {
    ...(await exportJWK(privateKey)),
    kid: randomUUID(),
    alg: "ES256",
    use: "sig",
    key_ops: ["sign", "verify"],
  };
  fs.mkdirSync(dataDir, { recursive: true });
  // Written with owner-only permissions: it is a private key, even if only for local development.
  // Written aside, then linked into place (which fails if it exists): of emulators starting together
  // on one data folder the first key wins, and none reads a half-written file.
  const aside = `${file}.${process.pid}.${randomUUID()}`;
  fs.writeFileSync(aside, JSON.stringify(jwk, null, 2), { mode: 0o600 });
  try {
    fs.linkSync(aside, file);
    return jwk;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    return JSON.parse(fs.readFileSync(file, "utf8")) as JWK;
  } finally {
    fs.rmSync(aside, { force: true });
  }
}

async function importKey(jwk: JWK): Promise<LoadedKey> {
  const alg = jwk.alg === "RS256" || jwk.kty === "RSA" ? "RS256" : "ES256";
  if (!jwk.kid) throw new Error("every signing JWK needs a kid");
  const publicJwk: JWK = Object.fromEntries(
    Object.entries(jwk).filter(([k]) => !(PRIVATE_FIELDS as readonly string[]).includes(k) && k !== "key_ops"),
  ) as JWK;
  publicJwk.alg = alg;
  publicJwk.key_ops = ["verify"];
  const hasPrivate = typeof jwk.d === "string";
  return {
    kid: jwk.kid,
    alg,
    publicJwk,
    privateKey: hasPrivate
      ? createPrivateKey({ key: { ...jwk, key_ops: undefined } as JsonWebKey, format: "jwk" })
      : null,
    publicKey: (await importJWK(publicJwk, alg)) as CryptoKey,
  };
}
