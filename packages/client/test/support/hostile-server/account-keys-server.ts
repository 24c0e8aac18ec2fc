// Test support: an in-memory account server for the paths that open and publish an
// account's keys (issue 33, items 9 and 14): sign-up, password and passkey sign-in,
// recovery, GET /keypair and both key publications. It keeps the fixed server's rule
// (a publication needs the account's current auth key: 400 without one, 401
// credential-rejected for a wrong one) and can be told to lie in what it answers:
// withhold the keypair, plant a signing key, claim notes.
import {
  deriveAccountKeys,
  derivePasskeyWrapKey,
  deriveRecoveryKeys,
  deriveSigningKeyPair,
  formatRecoveryCode,
  fromBase64,
  loadSodium,
  toBase64,
  wrapKey,
} from "@notes/crypto";
import type { FetchLike } from "../../../src/api/client";
import type { Account } from "../../../src/api/types";
import { json } from "../test-fetch";
import { fakeServer, problem, type SeenRequest } from "../test-server";

export const PASSWORD = "correct horse battery staple";
export const KDF_SALT = "AAECAwQFBgcICQoLDA0ODw==";
const KDF_ITERATIONS = 600_000;
const ACCOUNT_ID = "00000000-0000-4000-8000-0000000000a1";

/** One account's secrets, derived once per test file (PBKDF2 is slow on purpose). */
export interface AccountSecrets {
  masterKey: Uint8Array;
  authKey: string;
  wrappedMasterKey: string;
  recoveryCode: string;
  recoveryAuthKey: string;
  recoveryWrappedMasterKey: string;
  prfOutput: Uint8Array;
  passkeyWrappedMasterKey: string;
  /** The account's real keys, as its first device published them. */
  publicKey: string;
  wrappedPrivateKey: string;
  signingPublicKey: string;
}

export async function accountSecrets(): Promise<AccountSecrets> {
  const sodium = await loadSodium();
  const masterKey = new Uint8Array(32).fill(2);
  const recoveryKey = new Uint8Array(32).fill(9);
  const prfOutput = new Uint8Array(32).fill(7);
  const [password, recovery] = await Promise.all([
    deriveAccountKeys(PASSWORD, fromBase64(KDF_SALT), KDF_ITERATIONS),
    deriveRecoveryKeys(recoveryKey),
  ]);
  const sharing = sodium.crypto_box_seed_keypair(new Uint8Array(32).fill(1));
  const signing = await deriveSigningKeyPair(sodium, masterKey);
  return {
    masterKey,
    authKey: toBase64(password.authKey),
    wrappedMasterKey: wrapKey(sodium, password.wrapKey, masterKey),
    recoveryCode: formatRecoveryCode(recoveryKey),
    recoveryAuthKey: toBase64(recovery.recoveryAuthKey),
    recoveryWrappedMasterKey: wrapKey(sodium, recovery.recoveryWrapKey, masterKey),
    prfOutput,
    passkeyWrappedMasterKey: wrapKey(sodium, await derivePasskeyWrapKey(prfOutput), masterKey),
    publicKey: toBase64(sharing.publicKey),
    wrappedPrivateKey: wrapKey(sodium, masterKey, sharing.privateKey),
    signingPublicKey: toBase64(signing.publicKey),
  };
}

/** What the server holds of the account's public keys. */
export interface StoredKeys {
  publicKey?: string;
  wrappedPrivateKey?: string;
  signingPublicKey?: string;
}

export interface AccountKeysServerOptions {
  stored: StoredKeys;
  noteCount?: number;
  /** What every answer says, whatever is stored. */
  lie?: {
    /** Answer no keypair (authentication answers and GET /keypair). */
    withholdKeypair?: boolean;
    /** Answer this signing key for the account. */
    signingPublicKey?: string;
    /** Take any publication, proven or not, over what is stored (a liar keeps no rule). */
    takeAnyPublication?: boolean;
  };
}

export interface AccountKeysServer {
  fetch: FetchLike;
  seen: SeenRequest[];
  /** What the server holds now (publications change it). */
  stored: StoredKeys;
  /** The requests that tried to publish a key, in order. */
  publications(): SeenRequest[];
}

export function accountKeysServer(
  secrets: AccountSecrets,
  options: AccountKeysServerOptions,
): AccountKeysServer {
  const stored: StoredKeys = { ...options.stored };
  let currentAuthKey = secrets.authKey;
  const told = (): StoredKeys => {
    const keys = options.lie?.withholdKeypair
      ? { signingPublicKey: stored.signingPublicKey }
      : { ...stored };
    if (options.lie?.signingPublicKey) keys.signingPublicKey = options.lie.signingPublicKey;
    return Object.fromEntries(Object.entries(keys).filter(([, v]) => v !== undefined));
  };
  const account = {
    id: ACCOUNT_ID,
    handle: "alice",
    usage: { accountBytes: 0, maxAccountBytes: 1 << 20, noteCount: options.noteCount ?? 0 },
  } as Account;
  const authBody = () => ({
    token: "token",
    deviceToken: "device",
    account,
    keys: {
      kdfIterations: KDF_ITERATIONS,
      kdfSalt: KDF_SALT,
      wrappedMasterKey: secrets.wrappedMasterKey,
      recoveryWrappedMasterKey: secrets.recoveryWrappedMasterKey,
      ...told(),
    },
  });
  const authResponse = () => json(authBody());
  /** The fixed server's check: the caller proves the password, not just the token. */
  const refusal = (request: SeenRequest): Response | undefined => {
    if (options.lie?.takeAnyPublication) return undefined;
    const authKey = request.body?.authKey;
    if (typeof authKey !== "string") return problem("invalid-request", 400);
    if (authKey !== currentAuthKey) return problem("credential-rejected", 401);
    return undefined;
  };
  const server = fakeServer({
    "POST /v1/accounts": (request) => {
      currentAuthKey = String(request.body?.authKey);
      return authResponse();
    },
    "POST /v1/accounts:lookupAuthParams": () =>
      json({ kdfIterations: KDF_ITERATIONS, kdfSalt: KDF_SALT }),
    "POST /v1/sessions": (request) =>
      request.body?.authKey === currentAuthKey
        ? authResponse()
        : problem("authentication-failed", 401),
    "POST /v1/sessions:challengePasskey": () =>
      json({ options: { challenge: "Y2hhbGxlbmdl", extensions: { prf: {} } } }),
    "POST /v1/sessions:finishPasskey": () =>
      json({ ...authBody(), wrappedMasterKey: secrets.passkeyWrappedMasterKey }),
    "POST /v1/accounts:lookupRecoveryKey": () =>
      json({
        kdfIterations: KDF_ITERATIONS,
        kdfSalt: KDF_SALT,
        recoveryWrappedMasterKey: secrets.recoveryWrappedMasterKey,
      }),
    "POST /v1/sessions:recover": (request) => {
      currentAuthKey = String(request.body?.newAuthKey);
      return authResponse();
    },
    "GET /v1/keypair": () => {
      const keys = told();
      if (!keys.publicKey) return problem("no-keypair", 404);
      return json(keys);
    },
    "PUT /v1/keypair": (request) => {
      const refused = refusal(request);
      if (refused) return refused;
      const taken = options.lie?.takeAnyPublication;
      if (!taken && stored.publicKey && stored.publicKey !== request.body?.publicKey)
        return problem("keypair-exists", 409);
      stored.publicKey = String(request.body?.publicKey);
      stored.wrappedPrivateKey = String(request.body?.wrappedPrivateKey);
      return new Response(null, { status: 204 });
    },
    "PUT /v1/keypair/signing-key": (request) => {
      const refused = refusal(request);
      if (refused) return refused;
      const key = String(request.body?.signingPublicKey);
      const taken = options.lie?.takeAnyPublication;
      if (!taken && stored.signingPublicKey && stored.signingPublicKey !== key)
        return problem("signing-key-exists", 409);
      stored.signingPublicKey = key;
      return new Response(null, { status: 204 });
    },
  });
  return {
    ...server,
    stored,
    publications: () =>
      server.seen.filter((r) => r.method === "PUT" && r.path.startsWith("/v1/keypair")),
  };
}
