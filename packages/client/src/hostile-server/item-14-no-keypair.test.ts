// Issue 33, item 14: the server claims in its authentication answer that the account
// has no sharing keypair. The SDK then made a new one and published it, and the web
// app opened the account empty without a word: its notes' content keys are sealed to
// the keypair withheld, which the new one cannot open. An account with a published
// signing key or with notes cannot lack a keypair (every client of this SDK publishes
// the keypair first), so that answer is refused, by name, before anything is made or
// sent. An account that truly has none, and neither of the two, still gets its first.
import { toBase64Url } from "@notes/crypto";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type AccountSecrets,
  accountKeysServer,
  accountSecrets,
  PASSWORD,
} from "../../test/support/hostile-server/account-keys-server";
import { createApiClient } from "../api/client";
import { KeypairWithheld } from "../errors";
import { signInWithPasskey } from "../passkeys/sign-in-with-passkey";
import type { WebAuthn } from "../passkeys/webauthn";
import { recover } from "../vault/recover";
import { signIn } from "../vault/sign-in";

let secrets: AccountSecrets;
beforeAll(async () => {
  secrets = await accountSecrets();
});

const allKeys = () => ({
  publicKey: secrets.publicKey,
  wrappedPrivateKey: secrets.wrappedPrivateKey,
  signingPublicKey: secrets.signingPublicKey,
});

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

describe("an authentication answer that withholds the account's keypair", () => {
  it("is refused when the account has a published signing key, and no keypair is made", async () => {
    const server = accountKeysServer(secrets, {
      stored: allKeys(),
      lie: { withholdKeypair: true, takeAnyPublication: true },
    });
    const api = createApiClient({ baseUrl: "http://x", fetch: server.fetch });
    const error = await signIn(api, { identifier: "alice", password: PASSWORD }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(KeypairWithheld);
    expect((error as KeypairWithheld).evidence).toBe("signing-key");
    expect(server.publications()).toEqual([]);
    expect(server.stored).toEqual(allKeys());
  });

  it("is refused when the account has notes, even with no signing key answered", async () => {
    const server = accountKeysServer(secrets, {
      stored: { publicKey: secrets.publicKey, wrappedPrivateKey: secrets.wrappedPrivateKey },
      noteCount: 3,
      lie: { withholdKeypair: true, takeAnyPublication: true },
    });
    const api = createApiClient({ baseUrl: "http://x", fetch: server.fetch });
    const error = await signIn(api, { identifier: "alice", password: PASSWORD }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(KeypairWithheld);
    expect((error as KeypairWithheld).evidence).toBe("notes");
    expect(server.publications()).toEqual([]);
  });

  it("is refused on the passkey and recovery paths alike", async () => {
    const passkeyServer = accountKeysServer(secrets, {
      stored: allKeys(),
      noteCount: 1,
      lie: { withholdKeypair: true, takeAnyPublication: true },
    });
    await expect(
      signInWithPasskey(
        createApiClient({ baseUrl: "http://x", fetch: passkeyServer.fetch }),
        passkey(),
        { handle: "alice" },
      ),
    ).rejects.toBeInstanceOf(KeypairWithheld);
    expect(passkeyServer.publications()).toEqual([]);

    const recoveryServer = accountKeysServer(secrets, {
      stored: allKeys(),
      lie: { withholdKeypair: true, takeAnyPublication: true },
    });
    await expect(
      recover(createApiClient({ baseUrl: "http://x", fetch: recoveryServer.fetch }), {
        identifier: "alice",
        recoveryCode: secrets.recoveryCode,
        newPassword: "a new password",
      }),
    ).rejects.toBeInstanceOf(KeypairWithheld);
    expect(recoveryServer.publications()).toEqual([]);
  });
});

describe("an account that truly has no keypair yet (made before sharing)", () => {
  it("gets its first at the next password sign-in, published with the auth key", async () => {
    const server = accountKeysServer(secrets, { stored: {} });
    const api = createApiClient({ baseUrl: "http://x", fetch: server.fetch });
    const session = await signIn(api, { identifier: "alice", password: PASSWORD });
    expect(server.publications().map((r) => [r.path, r.body?.authKey])).toEqual([
      ["/v1/keypair", secrets.authKey],
      ["/v1/keypair/signing-key", secrets.authKey],
    ]);
    expect(server.stored.publicKey).toBe(Buffer.from(session.keyPair.publicKey).toString("base64"));
  });
});
