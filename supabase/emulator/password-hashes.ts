// The stored-hash formats GoTrue accepts and verifies (internal/crypto/password.go): bcrypt,
// argon2i/argon2id in PHC form, and Firebase's scrypt. Admin user creation takes any of them as
// `password_hash` (models.NewUserWithPasswordHash), with the same rules for what is well formed.
import { createCipheriv, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import type { Algorithm, Version } from "@node-rs/argon2";

// The library's const enums, by value (isolated modules cannot read ambient const enums).
const ARGON2I = 1 as Algorithm;
const ARGON2ID = 2 as Algorithm;
const VERSION_19 = 1 as Version;

const ARGON2 =
  /^\$(?<alg>argon2(?:d|i|id))\$v=(?<v>16|19)\$m=(?<m>\d+),t=(?<t>\d+),p=(?<p>\d+)(?:,keyid=(?<keyid>[^,$]+))?(?:,data=(?<data>[^$]+))?\$(?<salt>[^$]*)\$(?<hash>.*)$/;
const FBSCRYPT =
  /^\$fbscrypt\$v=(?<v>\d+),n=(?<n>\d+),r=(?<r>\d+),p=(?<p>\d+)(?:,ss=(?<ss>[^,]+))?(?:,sk=(?<sk>[^$]+))?\$(?<salt>[^$]+)\$(?<hash>.+)$/;

interface Argon2Hash {
  kind: "argon2";
  alg: "argon2i" | "argon2id";
  memory: number;
  time: number;
  threads: number;
  salt: Buffer;
  hash: Buffer;
}
interface FirebaseScryptHash {
  kind: "fbscrypt";
  logN: number;
  r: number;
  p: number;
  saltSeparator: Buffer;
  signerKey: Buffer;
  salt: Buffer;
  hash: Buffer;
}
type ParsedHash = Argon2Hash | FirebaseScryptHash | { kind: "bcrypt" };

/** Go's base64 decoders: `padded` is StdEncoding, otherwise RawStdEncoding (no "="). */
function base64(text: string, padded: boolean): Buffer | undefined {
  const shape = padded ? /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/ : /^[A-Za-z0-9+/]*$/;
  if (!shape.test(text) || (!padded && text.length % 4 === 1)) return undefined;
  return Buffer.from(text, "base64");
}

const uint = (text: string, max: number) => (/^\d+$/.test(text) && Number(text) <= max ? Number(text) : undefined);

function parseArgon2(text: string): Argon2Hash {
  const g = ARGON2.exec(text)?.groups;
  if (!g) throw new Error("incorrect argon2 hash format");
  if (g.alg !== "argon2i" && g.alg !== "argon2id") throw new Error("only argon2i and argon2id are supported");
  if (g.v !== "19") throw new Error("only argon2 version 19 is supported");
  if (g.data || g.keyid) throw new Error("argon2 data and keyid parameters are not supported");
  const memory = uint(g.m ?? "", 1024 * 1024);
  const time = uint(g.t ?? "", 20);
  const threads = uint(g.p ?? "", 16);
  if (memory === undefined || time === undefined || threads === undefined)
    throw new Error("argon2 parameters out of range");
  const salt = base64(g.salt ?? "", false);
  const hash = base64(g.hash ?? "", false);
  if (!salt?.length || !hash?.length) throw new Error("argon2 salt or hash is empty or not base64");
  return { kind: "argon2", alg: g.alg, memory, time, threads, salt, hash };
}

function parseFirebaseScrypt(text: string): FirebaseScryptHash {
  const g = FBSCRYPT.exec(text)?.groups;
  if (!g) throw new Error("incorrect scrypt hash format");
  if (g.v !== "1") throw new Error("only Firebase scrypt version 1 is supported");
  const logN = uint(g.n ?? "", 0xffffffff);
  const r = uint(g.r ?? "", Number.MAX_SAFE_INTEGER);
  const p = uint(g.p ?? "", 255);
  if (!logN || !r || !p) throw new Error("Firebase scrypt parameters out of range");
  const [hash, salt, signerKey, saltSeparator] = [g.hash, g.salt, g.sk, g.ss].map((v) => base64(v ?? "", true));
  if (!hash || !salt || !signerKey || !saltSeparator) throw new Error("Firebase scrypt hash is not base64");
  return { kind: "fbscrypt", logN, r, p, saltSeparator, signerKey, salt, hash };
}

/** golang.org/x/crypto/bcrypt's Cost(): 59+ bytes, "$", a major version up to 2, a cost of 4 to 31. */
function checkBcrypt(text: string): void {
  if (text.length < 59) throw new Error("bcrypt hash too short");
  if (text[0] !== "$" || (text[1] ?? "") > "2") throw new Error("not a bcrypt hash");
  const at = text[2] === "$" ? 3 : 4;
  const cost = /^[+-]?\d+$/.test(text.slice(at, at + 2)) ? Number(text.slice(at, at + 2)) : NaN;
  if (!(cost >= 4 && cost <= 31)) throw new Error("bcrypt cost out of range");
}

/** The hash as GoTrue reads it; throws why GoTrue would refuse to store it. */
function parsePasswordHash(text: string): ParsedHash {
  if (text.startsWith("$argon2")) return parseArgon2(text);
  if (text.startsWith("$fbscrypt")) return parseFirebaseScrypt(text);
  checkBcrypt(text);
  return { kind: "bcrypt" };
}

/**
 * The native bcrypt, loaded on first use (memory at rest does without it): its async calls run on
 * libuv's thread pool, so hashing leaves the event loop to the requests (docs/decisions/0060).
 */
export const nativeBcrypt = async () => (await import("bcrypt")).default;

/** The native argon2 (Rust, napi-rs prebuilt per platform), on first use too; its async calls use libuv's pool as well. */
const nativeArgon2 = () => import("@node-rs/argon2");

/** argon2's least parameters (8 KiB, one pass, one lane): a hash GoTrue verifies, at a few hundredths of a millisecond. */
const CHEAP_ARGON2ID = { memoryCost: 8, timeCost: 1, parallelism: 1 } as const;

/** A new argon2id hash in the PHC form GoTrue reads (`$argon2id$v=19$m=8,t=1,p=1$salt$hash`). */
export async function cheapArgon2id(password: string): Promise<string> {
  const argon2 = await nativeArgon2();
  return argon2.hash(password, { ...CHEAP_ARGON2ID, algorithm: ARGON2ID, version: VERSION_19 });
}

/** Whether GoTrue's admin user creation stores `text` as a `password_hash` (else it answers 500). */
export function isPasswordHash(text: string): boolean {
  try {
    parsePasswordHash(text);
    return true;
  } catch {
    return false;
  }
}

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  length: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

async function derive(password: string, h: Argon2Hash | FirebaseScryptHash): Promise<Buffer> {
  if (h.kind === "argon2") {
    // The raw key from the parsed parameters, as Go's argon2.Key/IDKey: GoTrue's reader, not the library's.
    return (await nativeArgon2()).hashRaw(password, {
      algorithm: h.alg === "argon2i" ? ARGON2I : ARGON2ID,
      version: VERSION_19,
      salt: h.salt,
      memoryCost: h.memory,
      timeCost: h.time,
      parallelism: h.threads,
      outputLen: h.hash.length,
    });
  }
  // Firebase's scrypt: the scrypt key of (salt ‖ separator) encrypts the project's signer key.
  // At most 64 MiB (Firebase's own parameters take 16): a hash asking more does not verify.
  const key = await scryptAsync(password, Buffer.concat([h.salt, h.saltSeparator]), 32, {
    N: 2 ** h.logN,
    r: h.r,
    p: h.p,
    maxmem: 64 * 2 ** 20,
  });
  const cipher = createCipheriv("aes-256-ctr", key, Buffer.alloc(16));
  return Buffer.concat([cipher.update(h.signerKey), cipher.final()]);
}

/** Whether `password` is the one `stored` was made from (GoTrue's CompareHashAndPassword); false for a malformed hash. */
export async function verifyPasswordHash(password: string, stored: string): Promise<boolean> {
  let parsed: ParsedHash;
  try {
    parsed = parsePasswordHash(stored);
    if (parsed.kind === "bcrypt") return await (await nativeBcrypt()).compare(password, stored);
    const derived = await derive(password, parsed);
    return derived.length === parsed.hash.length && timingSafeEqual(derived, parsed.hash);
  } catch {
    return false;
  }
}
