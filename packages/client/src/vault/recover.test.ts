// Recovery needs nothing but the recovery code and the new password: it fetches the
// recovery-wrapped master key, then sends the master key wrapped under the new
// password in the one sessions:recover call.
import {
  deriveAccountKeys,
  deriveRecoveryKeys,
  formatRecoveryCode,
  fromBase64,
  loadSodium,
  toBase64,
  unwrapKey,
  wrapKey,
} from "@notes/crypto";
import { describe, expect, it } from "vitest";
import { fakeFetch, json } from "../../test/support/test-fetch";
import { fixedSession } from "../../test/support/test-keys";
import { createApiClient } from "../api/client";
import { recover } from "./recover";

describe("recover", () => {
  it("wraps the recovered master key under the new password in one recover call", async () => {
    const sodium = await loadSodium();
    const fixed = await fixedSession();
    const recoveryKey = new Uint8Array(32).fill(9);
    const { recoveryWrapKey } = await deriveRecoveryKeys(recoveryKey);
    const salt = "AAECAwQFBgcICQoLDA0ODw==";
    const auth = {
      token: "tok",
      account: {},
      keys: {
        kdfIterations: 600_000,
        kdfSalt: salt,
        wrappedMasterKey: "unused",
        recoveryWrappedMasterKey: wrapKey(sodium, recoveryWrapKey, fixed.masterKey),
        publicKey: toBase64(fixed.keyPair.publicKey),
        wrappedPrivateKey: wrapKey(sodium, fixed.masterKey, fixed.keyPair.privateKey),
        signingPublicKey: toBase64(fixed.signingKeyPair.publicKey),
      },
    };
    const { fetch, requests } = fakeFetch([
      json({
        kdfIterations: 600_000,
        kdfSalt: salt,
        recoveryWrappedMasterKey: auth.keys.recoveryWrappedMasterKey,
      }),
      json(auth),
    ]);
    const api = createApiClient({ baseUrl: "http://x", fetch });
    const session = await recover(api, {
      identifier: "alice",
      recoveryCode: formatRecoveryCode(recoveryKey),
      newPassword: "new pw",
    });
    expect(session.masterKey).toEqual(fixed.masterKey);
    expect(requests.map((r) => new URL(r.url).pathname)).toEqual([
      "/v1/accounts:lookupRecoveryKey",
      "/v1/sessions:recover",
    ]);
    const sent = requests[1]?.body as Record<string, string>;
    const next = await deriveAccountKeys("new pw", fromBase64(salt), 600_000);
    expect(sent.newAuthKey).toBe(toBase64(next.authKey));
    expect(unwrapKey(sodium, next.wrapKey, sent.newWrappedMasterKey ?? "")).toEqual(
      fixed.masterKey,
    );
  });
});
