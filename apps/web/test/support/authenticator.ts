// A software WebAuthn authenticator plus the browser's part of a ceremony, in
// Node: P-256 (ES256) or Ed25519 (EdDSA) keys from node:crypto, "none"
// attestation in CBOR, authenticator data with UP|UV (and AT at creation) and a
// signature counter, clientDataJSON with the challenge and origin, and the PRF
// extension computed as hmac-secret does and reported in clientExtensionResults
// the way PublicKeyCredential.toJSON() does. Every field can be bent, so tests can
// forge what a broken or hostile client would send.
import {
  createHash,
  createHmac,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  sign,
} from "node:crypto";

type Json = Record<string, unknown>;

// ---- a minimal CBOR encoder (RFC 8949: the types WebAuthn uses) ----

type Cbor = number | string | Uint8Array | Cbor[] | Map<number | string, Cbor>;

function head(major: number, value: number): Buffer {
  if (value < 24) return Buffer.from([(major << 5) | value]);
  if (value < 0x100) return Buffer.from([(major << 5) | 24, value]);
  if (value < 0x10000) {
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(value, 1);
    return b;
  }
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(value, 1);
  return b;
}

export function cbor(value: Cbor): Buffer {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") {
    const bytes = Buffer.from(value, "utf8");
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  const parts = [...value].flatMap(([k, v]) => [cbor(k), cbor(v)]);
  return Buffer.concat([head(5, value.size), ...parts]);
}

// ---- the authenticator ----

export const FLAGS = { UP: 0x01, UV: 0x04, BE: 0x08, BS: 0x10, AT: 0x40 } as const;

export type Algorithm = "ES256" | "EdDSA";

export interface StoredCredential {
  id: Buffer;
  algorithm: Algorithm;
  privateKey: KeyObject;
  cosePublicKey: Buffer;
  /** hmac-secret's CredRandom: the PRF of this credential. */
  prfKey: Buffer;
  userHandle: string;
  counter: number;
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

function coseKey(algorithm: Algorithm, publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: "jwk" });
  const x = Buffer.from(jwk.x ?? "", "base64url");
  if (algorithm === "EdDSA") {
    return cbor(
      new Map<number, Cbor>([
        [1, 1],
        [3, -8],
        [-1, 6],
        [-2, x],
      ]),
    );
  }
  const y = Buffer.from(jwk.y ?? "", "base64url");
  return cbor(
    new Map<number, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, x],
      [-3, y],
    ]),
  );
}

/** The PRF output a browser reports: hmac-secret over SHA-256("WebAuthn PRF" ‖ 0x00 ‖ input). */
export function prfOutput(credential: StoredCredential, input: Uint8Array): Buffer {
  const salt = sha256(Buffer.concat([Buffer.from("WebAuthn PRF\u0000", "utf8"), input]));
  return createHmac("sha256", credential.prfKey).update(salt).digest();
}

export interface CeremonyOverrides {
  origin?: string;
  rpId?: string;
  challenge?: string;
  type?: string;
  flags?: number;
  /** The counter to report instead of the next one. */
  counter?: number;
  /** Sign with another key (a forged assertion). */
  signWith?: KeyObject;
}

export class SoftwareAuthenticator {
  readonly credentials = new Map<string, StoredCredential>();

  /** `origin` is what the browser would put in clientDataJSON: the page's origin. */
  constructor(readonly origin: string) {}

  /** navigator.credentials.create(options) followed by toJSON(). */
  create(
    options: Json,
    init: CeremonyOverrides & { algorithm?: Algorithm; prf?: boolean } = {},
  ): { credential: Json; prf?: Buffer; stored: StoredCredential } {
    const rp = options.rp as { id?: string };
    const user = options.user as { id: string };
    const algorithm = init.algorithm ?? "ES256";
    const keys =
      algorithm === "EdDSA"
        ? generateKeyPairSync("ed25519")
        : generateKeyPairSync("ec", { namedCurve: "P-256" });
    const stored: StoredCredential = {
      id: randomBytes(16),
      algorithm,
      privateKey: keys.privateKey,
      cosePublicKey: coseKey(algorithm, keys.publicKey),
      prfKey: randomBytes(32),
      userHandle: user.id,
      counter: init.counter ?? 0,
    };
    const rpId = init.rpId ?? rp.id ?? new URL(this.origin).hostname;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(stored.id.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([init.flags ?? FLAGS.UP | FLAGS.UV | FLAGS.BE | FLAGS.AT]),
      counterBytes(stored.counter),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      stored.id,
      stored.cosePublicKey,
    ]);
    const clientDataJSON = this.clientData("webauthn.create", options, init);
    const attestationObject = cbor(
      new Map<string, Cbor>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]),
    );
    const prfInput = prfInputOf(options);
    const prf = init.prf !== false && prfInput ? prfOutput(stored, prfInput) : undefined;
    this.credentials.set(b64url(stored.id), stored);
    const id = b64url(stored.id);
    return {
      stored,
      ...(prf && { prf }),
      credential: {
        id,
        rawId: id,
        type: "public-key",
        authenticatorAttachment: "platform",
        response: {
          clientDataJSON: b64url(clientDataJSON),
          attestationObject: b64url(attestationObject),
          transports: ["hybrid", "internal"],
        },
        clientExtensionResults: {
          prf: prf ? { enabled: true, results: { first: b64url(prf) } } : { enabled: false },
        },
      },
    };
  }

  /** navigator.credentials.get(options) with one of our credentials, followed by toJSON(). */
  get(
    options: Json,
    init: CeremonyOverrides & { credentialId?: string } = {},
  ): { credential: Json; prf?: Buffer } {
    const allowed = (options.allowCredentials as { id: string }[] | undefined) ?? [];
    const id =
      init.credentialId ??
      (allowed.length > 0
        ? allowed.map((c) => c.id).find((c) => this.credentials.has(c))
        : [...this.credentials.keys()][0]);
    const stored = id === undefined ? undefined : this.credentials.get(id);
    if (!stored || id === undefined) throw new Error("the authenticator holds no such credential");
    stored.counter = init.counter ?? stored.counter + 1;
    const rpId = init.rpId ?? (options.rpId as string | undefined) ?? new URL(this.origin).hostname;
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([init.flags ?? FLAGS.UP | FLAGS.UV | FLAGS.BE]),
      counterBytes(stored.counter),
    ]);
    const clientDataJSON = this.clientData("webauthn.get", options, init);
    const signed = Buffer.concat([authData, sha256(clientDataJSON)]);
    const key = init.signWith ?? stored.privateKey;
    const signature =
      stored.algorithm === "EdDSA" ? sign(null, signed, key) : sign("sha256", signed, key);
    const prfInput = prfInputOf(options);
    const prf = prfInput ? prfOutput(stored, prfInput) : undefined;
    return {
      ...(prf && { prf }),
      credential: {
        id,
        rawId: id,
        type: "public-key",
        authenticatorAttachment: "platform",
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle: stored.userHandle,
        },
        clientExtensionResults: prf ? { prf: { results: { first: b64url(prf) } } } : {},
      },
    };
  }

  private clientData(type: string, options: Json, init: CeremonyOverrides): Buffer {
    return Buffer.from(
      JSON.stringify({
        type: init.type ?? type,
        challenge: init.challenge ?? options.challenge,
        origin: init.origin ?? this.origin,
        crossOrigin: false,
      }),
      "utf8",
    );
  }
}

function counterBytes(counter: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(counter);
  return b;
}

function prfInputOf(options: Json): Buffer | undefined {
  const first = (options.extensions as { prf?: { eval?: { first?: string } } } | undefined)?.prf
    ?.eval?.first;
  return first === undefined ? undefined : Buffer.from(first, "base64url");
}

/** What a careful client sends: the credential without the PRF secret. */
export function withoutPrfResults(credential: Json): Json {
  const results = credential.clientExtensionResults as { prf?: Json } | undefined;
  const { results: _secret, ...prf } = results?.prf ?? {};
  return {
    ...credential,
    clientExtensionResults: { ...results, ...(results?.prf && { prf }) },
  };
}
