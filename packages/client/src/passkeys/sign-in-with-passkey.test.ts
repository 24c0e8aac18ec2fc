// Passkey sign-in on the client: nothing is finished without a PRF output, and a
// discoverable credential of an account this device cannot name is not sent.
import { toBase64Url } from "@notes/crypto";
import { describe, expect, it } from "vitest";
import { fakeFetch, json } from "../../test/support/test-fetch";
import { createApiClient } from "../api/client";
import { PasskeyAccountUnknown, PasskeyPrfUnsupported } from "./passkey-errors";
import { signInWithPasskey } from "./sign-in-with-passkey";
import type { AssertionJSON, WebAuthn } from "./webauthn";

const OPTIONS = { challenge: "Y2hhbGxlbmdl", extensions: { prf: { eval: { first: "c2FsdA" } } } };

function webauthnAnswering(prf?: Uint8Array): WebAuthn {
  const assertion: AssertionJSON = {
    id: "Y3JlZA",
    rawId: "Y3JlZA",
    type: "public-key",
    response: { clientDataJSON: "e30", authenticatorData: "AA", signature: "AA" },
    clientExtensionResults: prf ? { prf: { results: { first: toBase64Url(prf) } } } : {},
  };
  return {
    create: () => Promise.reject(new Error("not used")),
    get: async () => assertion,
  };
}

describe("signInWithPasskey", () => {
  it("asks for the handle's passkeys and stops without a PRF output", async () => {
    const { fetch, requests } = fakeFetch([json({ options: OPTIONS })]);
    const api = createApiClient({ baseUrl: "http://x", fetch });
    await expect(
      signInWithPasskey(api, webauthnAnswering(), { handle: "alice" }),
    ).rejects.toBeInstanceOf(PasskeyPrfUnsupported);
    expect(requests.map((r) => [r.url, r.body])).toEqual([
      ["http://x/v1/sessions:challengePasskey", { handle: "alice" }],
    ]);
  });

  it("does not finish a discoverable sign-in whose account it cannot name", async () => {
    const { fetch, requests } = fakeFetch([json({ options: OPTIONS })]);
    const api = createApiClient({ baseUrl: "http://x", fetch });
    const asked: string[] = [];
    const error = await signInWithPasskey(api, webauthnAnswering(new Uint8Array(32)), {
      handleFor: (id) => {
        asked.push(id);
        return undefined;
      },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PasskeyAccountUnknown);
    expect((error as PasskeyAccountUnknown).credentialId).toBe("Y3JlZA");
    expect(asked).toEqual(["Y3JlZA"]);
    expect(requests.map((r) => r.url)).toEqual(["http://x/v1/sessions:beginPasskey"]);
  });
});
