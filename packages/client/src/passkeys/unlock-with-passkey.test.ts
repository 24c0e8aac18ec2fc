import { createHash } from "node:crypto";
import { derivePasskeyWrapKey, loadSodium, toBase64Url, wrapKey } from "@notes/crypto";
import { describe, expect, it } from "vitest";
import { PasskeyPrfUnsupported } from "./passkey-errors";
import { passkeyPrfInput, unlockWithPasskey } from "./unlock-with-passkey";
import type { AssertionJSON, RequestOptionsJSON, WebAuthn } from "./webauthn";

const masterKey = new Uint8Array(32).fill(7);
const prf = new Uint8Array(32).fill(9);

function authenticator(id: string, output?: Uint8Array) {
  const asked: RequestOptionsJSON[] = [];
  const webauthn: WebAuthn = {
    create: () => Promise.reject(new Error("not used")),
    get: async (options) => {
      asked.push(options);
      return {
        id,
        rawId: id,
        type: "public-key",
        response: { clientDataJSON: "", authenticatorData: "", signature: "" },
        clientExtensionResults: output ? { prf: { results: { first: toBase64Url(output) } } } : {},
      } as unknown as AssertionJSON;
    },
  };
  return { webauthn, asked };
}

describe("unlocking with a passkey, locally", () => {
  it("asks with the PRF input every credential uses, and opens the kept wrap", async () => {
    const wrappedMasterKey = wrapKey(
      await loadSodium(),
      await derivePasskeyWrapKey(prf),
      masterKey,
    );
    const { webauthn, asked } = authenticator("cred-1", prf);
    const wraps = [{ credentialId: "cred-1", wrappedMasterKey }];
    expect(await unlockWithPasskey(webauthn, wraps)).toEqual(masterKey);
    const salt = createHash("sha256").update("notes/passkey-prf/v1").digest("base64url");
    expect(await passkeyPrfInput()).toBe(salt);
    expect(asked[0]?.extensions).toEqual({ prf: { eval: { first: salt } } });
    expect(asked[0]?.allowCredentials).toEqual([{ id: "cred-1", type: "public-key" }]);
  });

  it("refuses an authenticator without PRF output or a credential it holds no wrap for", async () => {
    const wraps = [{ credentialId: "cred-1", wrappedMasterKey: "AAAA" }];
    await expect(unlockWithPasskey(authenticator("cred-1").webauthn, wraps)).rejects.toThrow(
      PasskeyPrfUnsupported,
    );
    await expect(unlockWithPasskey(authenticator("other", prf).webauthn, wraps)).rejects.toThrow(
      PasskeyPrfUnsupported,
    );
  });
});
