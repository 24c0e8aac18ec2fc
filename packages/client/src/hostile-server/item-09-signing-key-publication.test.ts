// Issue 33, item 9: publishing the account's first signing key (or sharing keypair)
// took a session token alone. A stolen token could publish a key of the thief's
// making for an account that had none, and the owner was locked out for good: every
// later sign-in derived another key than the published one and refused the session,
// and the web app sent them to a recovery code that cannot change a published key.
// The server now asks for the account's current auth key (as a password change does);
// these tests hold the SDK to that rule through a server that keeps it: it sends the
// auth key where it has it (sign-up, password sign-in, recovery), publishes nothing
// where it has not (a passkey, a session restored from storage) and leaves that to
// the next password sign-in, and names a key it did not make for what it is.
import { fromBase64, toBase64Url } from "@notes/crypto";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type AccountSecrets,
  accountKeysServer,
  accountSecrets,
  PASSWORD,
} from "../../test/support/hostile-server/account-keys-server";
import { TestKeyLog } from "../../test/support/key-log";
import { fixedSession } from "../../test/support/test-keys";
import { fakeServer } from "../../test/support/test-server";
import { createApiClient } from "../api/client";
import {
  ForeignSigningKey,
  KeyPublicationNeedsPassword,
  KeyTransparencyFailed,
  MissingKeyMaterial,
} from "../errors";
import { signInWithPasskey } from "../passkeys/sign-in-with-passkey";
import type { WebAuthn } from "../passkeys/webauthn";
import { MemoryKeyPins } from "../trust/key-pins";
import { keyTransparencyFor } from "../trust/key-transparency";
import {
  acceptKeyChange,
  checkSeenKey,
  markVerified,
  pendingSigningKey,
  pinFromRoster,
} from "../trust/pin-check";
import { recover } from "../vault/recover";
import { signIn } from "../vault/sign-in";
import { signUp } from "../vault/sign-up";
import { ensureSigningKeyPublished } from "../vault/unlock";

let secrets: AccountSecrets;
beforeAll(async () => {
  secrets = await accountSecrets();
});

/** An authenticator holding the account's passkey (its PRF output unwraps the master key). */
function passkey(): WebAuthn {
  return {
    create: () => Promise.reject(new Error("not used")),
    get: async () => ({
      id: "Y3JlZA",
      rawId: "Y3JlZA",
      type: "public-key",
      response: { clientDataJSON: "e30", authenticatorData: "AA", signature: "AA" },
      clientExtensionResults: { prf: { results: { first: toBase64Url(secrets.prfOutput) } } },
    }),
  };
}

/** The account as it was before signed content: a sharing keypair, no signing key. */
const beforeSignedContent = () => ({
  publicKey: secrets.publicKey,
  wrappedPrivateKey: secrets.wrappedPrivateKey,
});

describe("publishing the account's keys takes the password's auth key", () => {
  it("sign-up sends the auth key it signed up with to both publications", async () => {
    const server = accountKeysServer(secrets, { stored: {} });
    const api = createApiClient({ baseUrl: "http://x", fetch: server.fetch });
    const { session } = await signUp(api, { identifier: "alice", password: PASSWORD });
    const created = server.seen.find((r) => r.path === "/v1/accounts");
    const authKey = created?.body?.authKey;
    expect(typeof authKey).toBe("string");
    expect(server.publications().map((r) => [r.path, r.body?.authKey])).toEqual([
      ["/v1/keypair", authKey],
      ["/v1/keypair/signing-key", authKey],
    ]);
    expect(server.stored.signingPublicKey).toBe(
      Buffer.from(session.signingKeyPair.publicKey).toString("base64"),
    );
  });

  it("a password sign-in publishes a missing signing key with the auth key it just proved", async () => {
    const server = accountKeysServer(secrets, { stored: beforeSignedContent() });
    const api = createApiClient({ baseUrl: "http://x", fetch: server.fetch });
    await signIn(api, { identifier: "alice", password: PASSWORD });
    expect(server.publications().map((r) => [r.path, r.body])).toEqual([
      [
        "/v1/keypair/signing-key",
        { signingPublicKey: secrets.signingPublicKey, authKey: secrets.authKey },
      ],
    ]);
  });

  it("recovery publishes a missing signing key with the new password's auth key", async () => {
    const server = accountKeysServer(secrets, { stored: beforeSignedContent() });
    const api = createApiClient({ baseUrl: "http://x", fetch: server.fetch });
    await recover(api, {
      identifier: "alice",
      recoveryCode: secrets.recoveryCode,
      newPassword: "a new password",
    });
    const recovered = server.seen.find((r) => r.path === "/v1/sessions:recover");
    expect(server.publications().map((r) => r.body?.authKey)).toEqual([
      recovered?.body?.newAuthKey,
    ]);
    expect(server.stored.signingPublicKey).toBe(secrets.signingPublicKey);
  });

  it("a passkey session publishes nothing; the next password sign-in does", async () => {
    const server = accountKeysServer(secrets, { stored: beforeSignedContent() });
    const api = createApiClient({ baseUrl: "http://x", fetch: server.fetch });
    const session = await signInWithPasskey(api, passkey(), { handle: "alice" });
    // The session signs with the key the master key derives, published or not.
    expect(Buffer.from(session.signingKeyPair.publicKey).toString("base64")).toBe(
      secrets.signingPublicKey,
    );
    expect(server.publications()).toEqual([]);
    expect(server.stored.signingPublicKey).toBeUndefined();

    await signIn(createApiClient({ baseUrl: "http://x", fetch: server.fetch }), {
      identifier: "alice",
      password: PASSWORD,
    });
    expect(server.stored.signingPublicKey).toBe(secrets.signingPublicKey);
  });

  it("a passkey session of an account with no sharing keypair makes none", async () => {
    const server = accountKeysServer(secrets, { stored: {} });
    const api = createApiClient({ baseUrl: "http://x", fetch: server.fetch });
    await expect(signInWithPasskey(api, passkey(), { handle: "alice" })).rejects.toBeInstanceOf(
      KeyPublicationNeedsPassword,
    );
    expect(server.publications()).toEqual([]);
    expect(server.stored).toEqual({});
  });

  it("a session restored from storage checks the published key but publishes nothing", async () => {
    const server = accountKeysServer(secrets, { stored: beforeSignedContent() });
    const api = createApiClient({ baseUrl: "http://x", fetch: server.fetch, token: "token" });
    const session = await signInWithPasskey(
      createApiClient({ baseUrl: "http://x", fetch: server.fetch }),
      passkey(),
      { handle: "alice" },
    );
    await ensureSigningKeyPublished(api, session);
    expect(server.publications()).toEqual([]);

    const planted = accountKeysServer(secrets, {
      stored: { ...beforeSignedContent(), signingPublicKey: toBase64Fill(5) },
    });
    const plantedApi = createApiClient({ baseUrl: "http://x", fetch: planted.fetch });
    await expect(ensureSigningKeyPublished(plantedApi, session)).rejects.toBeInstanceOf(
      ForeignSigningKey,
    );
  });
});

describe("a signing key this account did not make", () => {
  it("is refused as ForeignSigningKey (not a key that failed to open), and nothing is published", async () => {
    const server = accountKeysServer(secrets, {
      stored: beforeSignedContent(),
      lie: { signingPublicKey: toBase64Fill(5) },
    });
    const api = createApiClient({ baseUrl: "http://x", fetch: server.fetch });
    const error = await signIn(api, { identifier: "alice", password: PASSWORD }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ForeignSigningKey);
    expect(error).not.toBeInstanceOf(MissingKeyMaterial);
    expect((error as ForeignSigningKey).published).toEqual(fromBase64(toBase64Fill(5)));
    expect(server.publications()).toEqual([]);
  });
});

describe("a signing key the server plants for a contact pinned without one (issue 33, item 9)", () => {
  const BOB = "00000000-0000-4000-8000-0000000000b9";
  const bobKey = new Uint8Array(32).fill(0x21);
  const planted = new Uint8Array(32).fill(0x22);
  const published = new Uint8Array(32).fill(0x23);

  /** A server whose key-transparency log holds what Bob published, and a client of it. */
  function directory(bobPublished: { publicKey: Uint8Array; signingPublicKey?: Uint8Array }) {
    const log = new TestKeyLog();
    log.publish(BOB, bobPublished);
    const api = createApiClient({ baseUrl: "http://x", fetch: fakeServer({}, log).fetch });
    const kt = keyTransparencyFor(api, { witnesses: [], threshold: 0, waitForLogMs: 0 });
    return { api, kt };
  }

  it("is not pinned on sight, from a look-up or a roster, when the log does not hold it: it waits, pending, and sealing to them goes on", async () => {
    const { api, kt } = directory({ publicKey: bobKey });
    const session = await fixedSession();
    const pins = new MemoryKeyPins([{ userId: BOB, publicKey: bobKey, verified: true }]);
    session.keyPins = pins;

    expect(await checkSeenKey(pins, BOB, bobKey, planted, kt)).toEqual(bobKey);
    await pinFromRoster(api, session, BOB, bobKey, planted);

    expect(pins.get(BOB)).toEqual({ userId: BOB, publicKey: bobKey, verified: true });
    expect(pendingSigningKey(pins, BOB)).toEqual(planted);
  });

  it("waits, pending, where no key-transparency log can be asked", async () => {
    const pins = new MemoryKeyPins([{ userId: BOB, publicKey: bobKey, verified: true }]);
    expect(await checkSeenKey(pins, BOB, bobKey, planted)).toEqual(bobKey);
    expect(pins.get(BOB)?.signingPublicKey).toBeUndefined();
    expect(pendingSigningKey(pins, BOB)).toEqual(planted);
  });

  it("is pinned, unverified, when the log proves Bob published it (issue 34): his own devices audit what is logged", async () => {
    const { kt } = directory({ publicKey: bobKey, signingPublicKey: published });
    const pins = new MemoryKeyPins([{ userId: BOB, publicKey: bobKey, verified: true }]);
    await checkSeenKey(pins, BOB, bobKey, published, kt);
    expect(pins.get(BOB)).toEqual({
      userId: BOB,
      publicKey: bobKey,
      signingPublicKey: published,
      verified: false,
    });
    expect(pendingSigningKey(pins, BOB)).toBeUndefined();
  });

  it("is pinned by a comparison or an acceptance only once the log proves it (issue 34): a planted key never", async () => {
    const { kt } = directory({ publicKey: bobKey });
    const compared = new MemoryKeyPins([{ userId: BOB, publicKey: bobKey, verified: false }]);
    await checkSeenKey(compared, BOB, bobKey, planted, kt);
    const comparison = markVerified(compared, BOB, bobKey, pendingSigningKey(compared, BOB), kt);
    await expect(comparison).rejects.toMatchObject({ reason: "key-mismatch" });
    const accepted = new MemoryKeyPins([{ userId: BOB, publicKey: bobKey, verified: true }]);
    await checkSeenKey(accepted, BOB, bobKey, planted, kt);
    const acceptance = acceptKeyChange(accepted, BOB, bobKey, pendingSigningKey(accepted, BOB), kt);
    await expect(acceptance).rejects.toMatchObject({ reason: "key-mismatch" });
    for (const pins of [compared, accepted]) {
      expect(pins.get(BOB)?.signingPublicKey).toBeUndefined();
      expect(pendingSigningKey(pins, BOB)).toEqual(planted);
    }
  });

  it("a signing key that waited, pending, until the log held it is pinned by a comparison (verified) or an acceptance", async () => {
    const log = new TestKeyLog();
    log.publish(BOB, { publicKey: bobKey });
    const api = createApiClient({ baseUrl: "http://x", fetch: fakeServer({}, log).fetch });
    const kt = keyTransparencyFor(api, { witnesses: [], threshold: 0, waitForLogMs: 0 });
    const compared = new MemoryKeyPins([{ userId: BOB, publicKey: bobKey, verified: false }]);
    const accepted = new MemoryKeyPins([{ userId: BOB, publicKey: bobKey, verified: true }]);
    // Seen before the epoch that logs it: pending.
    await checkSeenKey(compared, BOB, bobKey, published, kt);
    await checkSeenKey(accepted, BOB, bobKey, published, kt);
    expect(pendingSigningKey(compared, BOB)).toEqual(published);
    log.publish(BOB, { publicKey: bobKey, signingPublicKey: published });

    await markVerified(compared, BOB, bobKey, pendingSigningKey(compared, BOB), kt);
    expect(compared.get(BOB)).toEqual({
      userId: BOB,
      publicKey: bobKey,
      signingPublicKey: published,
      verified: true,
    });
    expect(pendingSigningKey(compared, BOB)).toBeUndefined();
    await acceptKeyChange(accepted, BOB, bobKey, pendingSigningKey(accepted, BOB), kt);
    expect(accepted.get(BOB)).toMatchObject({ signingPublicKey: published, verified: false });
  });

  it("a person seen for the first time is pinned with both keys once the log proves them, and not at all before", async () => {
    const { kt } = directory({ publicKey: bobKey, signingPublicKey: published });
    const pins = new MemoryKeyPins();
    await checkSeenKey(pins, BOB, bobKey, published, kt);
    expect(pins.get(BOB)).toMatchObject({ signingPublicKey: published, verified: false });
    expect(pendingSigningKey(pins, BOB)).toBeUndefined();

    const unproven = new MemoryKeyPins();
    await expect(checkSeenKey(unproven, BOB, bobKey, planted)).rejects.toBeInstanceOf(
      KeyTransparencyFailed,
    );
    expect(unproven.get(BOB)).toBeUndefined();
  });
});

/** Base64 of 32 bytes of `byte`: a key nobody's master key derives. */
function toBase64Fill(byte: number): string {
  return Buffer.from(new Uint8Array(32).fill(byte)).toString("base64");
}
