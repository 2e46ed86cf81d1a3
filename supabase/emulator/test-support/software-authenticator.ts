// A software WebAuthn authenticator for tests in Node, where navigator.credentials does not exist:
// ES256 (P-256) keys from node:crypto, "none" attestation, discoverable credentials (each remembers
// its relying party and user handle), a signature counter. It stands where a browser and a security
// key would: it takes the options a server hands out (JSON, or as supabase-js deserializes them)
// and answers with what `PublicKeyCredential.toJSON()` gives, which supabase-js sends on as is.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

type Binary = string | ArrayBuffer | ArrayBufferView;

export interface CreationOptions {
  rp: { id?: string; name: string };
  user: { id: Binary; name: string; displayName: string };
  challenge: Binary;
  pubKeyCredParams: { type: string; alg: number }[];
  excludeCredentials?: { id: Binary }[];
}

export interface RequestOptions {
  challenge: Binary;
  rpId?: string;
  allowCredentials?: { id: Binary }[];
}

export interface RegistrationJSON {
  id: string;
  rawId: string;
  type: "public-key";
  response: { clientDataJSON: string; attestationObject: string; transports: string[] };
  clientExtensionResults: Record<string, never>;
  authenticatorAttachment: "platform";
}

export interface AssertionJSON {
  id: string;
  rawId: string;
  type: "public-key";
  response: { clientDataJSON: string; authenticatorData: string; signature: string; userHandle: string };
  clientExtensionResults: Record<string, never>;
  authenticatorAttachment: "platform";
}

/** What navigator.credentials returns, reduced to what supabase-js reads (toJSON). */
export interface SoftwareCredential<T> {
  id: string;
  type: "public-key";
  toJSON(): T;
  getClientExtensionResults(): Record<string, never>;
}

interface StoredKey {
  privateKey: KeyObject;
  rpId: string;
  userHandle: string;
  signCount: number;
}

const ES256 = -7;

function bytes(value: Binary): Buffer {
  if (typeof value === "string") return Buffer.from(value, "base64url");
  if (value instanceof ArrayBuffer) return Buffer.from(value);
  return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
}

const b64url = (b: Buffer) => b.toString("base64url");
const sha256 = (b: Buffer | string) => createHash("sha256").update(b).digest();

/** CBOR (RFC 8949), as the authenticator writes its COSE key and attestation. */
const cbor = (value: Map<number | string, unknown>) => Buffer.from(isoCBOR.encode(value as never));

/** Flags of the authenticator data: user present, user verified, and attested data on creation. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export class SoftwareAuthenticator {
  /** `origin` is the page the ceremonies run on, as a browser puts it in the client data. */
  constructor(
    private readonly origin: string,
    private readonly keys = new Map<string, StoredKey>(),
  ) {}

  /** The same keys used from another page (what a phishing site would get the browser to send). */
  onOrigin(origin: string): SoftwareAuthenticator {
    return new SoftwareAuthenticator(origin, this.keys);
  }

  /** The credential ids this authenticator holds (base64url). */
  get credentialIds(): string[] {
    return [...this.keys.keys()];
  }

  /** navigator.credentials.create({ publicKey }). */
  create(options: CreationOptions): SoftwareCredential<RegistrationJSON> {
    if (!options.pubKeyCredParams.some((p) => p.alg === ES256))
      throw new Error("NotSupportedError: the relying party does not take ES256");
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    for (const excluded of options.excludeCredentials ?? []) {
      if (this.keys.has(b64url(bytes(excluded.id))))
        throw new Error("InvalidStateError: this authenticator already holds a listed credential");
    }
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const jwk = publicKey.export({ format: "jwk" });
    const coseKey = cbor(
      new Map<number, unknown>([
        [1, 2],
        [3, ES256],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? "", "base64url")],
        [-3, Buffer.from(jwk.y ?? "", "base64url")],
      ]),
    );
    const credentialId = randomBytes(16);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([UP | UV | AT]),
      Buffer.alloc(4),
      Buffer.alloc(16),
      idLength,
      credentialId,
      coseKey,
    ]);
    const attestationObject = cbor(
      new Map<string, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]),
    );
    const id = b64url(credentialId);
    this.keys.set(id, { privateKey, rpId, userHandle: b64url(bytes(options.user.id)), signCount: 0 });
    const json: RegistrationJSON = {
      id,
      rawId: id,
      type: "public-key",
      response: {
        clientDataJSON: b64url(this.clientData("webauthn.create", options.challenge)),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
    return { id, type: "public-key", toJSON: () => json, getClientExtensionResults: () => ({}) };
  }

  /**
   * navigator.credentials.get({ publicKey }): with allowCredentials, one of those; without (a
   * discoverable sign-in), the newest credential this authenticator holds for the relying party.
   */
  get(options: RequestOptions): SoftwareCredential<AssertionJSON> {
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    const allowed = (options.allowCredentials ?? []).map((c) => b64url(bytes(c.id)));
    const candidates = [...this.keys].filter(
      ([id, key]) => key.rpId === rpId && (!allowed.length || allowed.includes(id)),
    );
    const chosen = candidates.at(-1);
    if (!chosen) throw new Error("NotAllowedError: no credential for this relying party");
    const [id, key] = chosen;
    key.signCount += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(key.signCount);
    const authData = Buffer.concat([sha256(rpId), Buffer.from([UP | UV]), counter]);
    const clientDataJSON = this.clientData("webauthn.get", options.challenge);
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), key.privateKey);
    const json: AssertionJSON = {
      id,
      rawId: id,
      type: "public-key",
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: key.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
    return { id, type: "public-key", toJSON: () => json, getClientExtensionResults: () => ({}) };
  }

  private clientData(type: "webauthn.create" | "webauthn.get", challenge: Binary): Buffer {
    return Buffer.from(
      JSON.stringify({ type, challenge: b64url(bytes(challenge)), origin: this.origin, crossOrigin: false }),
    );
  }
}
