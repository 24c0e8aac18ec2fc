// Enrolment on the client: the PRF output wraps the master key and never travels;
// without PRF nothing is stored and the person keeps the password.
import { derivePasskeyWrapKey, loadSodium, toBase64Url, unwrapKey } from "@notes/crypto";
import { describe, expect, it, vi } from "vitest";
import { fakeFetch, json } from "../../test/support/test-fetch";
import { createApiClient } from "../api/client";
import { enrolPasskey } from "./enrol-passkey";
import { PasskeyPrfUnsupported } from "./passkey-errors";
import type { AssertionJSON, CreationOptionsJSON, RegistrationJSON, WebAuthn } from "./webauthn";

const MASTER = new Uint8Array(32).fill(7);
const PRF = new Uint8Array(32).fill(9);
const OPTIONS = {
  rp: { name: "Notes", id: "localhost" },
  user: { id: "AAAAAAAAAAAAAAAAAAAAAA", name: "alice", displayName: "alice" },
  challenge: "Y2hhbGxlbmdl",
  pubKeyCredParams: [{ alg: -7, type: "public-key" }],
  extensions: { prf: { eval: { first: "c2FsdA" } } },
} satisfies CreationOptionsJSON;

function registration(prf: RegistrationJSON["clientExtensionResults"]["prf"]): RegistrationJSON {
  return {
    id: "Y3JlZA",
    rawId: "Y3JlZA",
    type: "public-key",
    response: { clientDataJSON: "e30", attestationObject: "AA" },
    clientExtensionResults: { prf },
  };
}

function assertion(prf?: Uint8Array): AssertionJSON {
  return {
    id: "Y3JlZA",
    rawId: "Y3JlZA",
    type: "public-key",
    response: { clientDataJSON: "e30", authenticatorData: "AA", signature: "AA" },
    clientExtensionResults: prf ? { prf: { results: { first: toBase64Url(prf) } } } : {},
  };
}

const device = { id: "Y3JlZA", label: "Laptop", createdAt: "2026-01-01T00:00:00.000Z" };

describe("enrolPasskey", () => {
  it("sends the master key wrapped under HKDF(PRF output) and not the PRF output", async () => {
    const { fetch, requests } = fakeFetch([json({ options: OPTIONS }), json(device, 201)]);
    const webauthn: WebAuthn = {
      create: async () => registration({ enabled: true, results: { first: toBase64Url(PRF) } }),
      get: vi.fn(),
    };
    const api = createApiClient({ baseUrl: "http://x", fetch, token: "t" });
    const enrolled = await enrolPasskey(api, { masterKey: MASTER }, webauthn, { label: "Laptop" });
    expect(enrolled).toEqual({ ...device, wrappedMasterKey: expect.any(String) });
    expect(webauthn.get).not.toHaveBeenCalled();
    const body = requests[1]?.body as { credential: RegistrationJSON; wrappedMasterKey: string };
    expect(requests[1]?.url).toBe("http://x/v1/passkeys:finishEnrolment");
    expect(body.credential.clientExtensionResults).toEqual({ prf: { enabled: true } });
    expect(JSON.stringify(body)).not.toContain(toBase64Url(PRF));
    const sodium = await loadSodium();
    const wrapKey = await derivePasskeyWrapKey(PRF);
    expect(unwrapKey(sodium, wrapKey, body.wrappedMasterKey)).toEqual(MASTER);
    // The caller gets the wrap it sent, to unlock with this passkey later (an app lock).
    expect(enrolled.wrappedMasterKey).toBe(body.wrappedMasterKey);
  });

  it("reads the PRF output from one local assertion when creation gave none", async () => {
    const { fetch, requests } = fakeFetch([json({ options: OPTIONS }), json(device, 201)]);
    const get = vi.fn(async () => assertion(PRF));
    const webauthn: WebAuthn = { create: async () => registration({ enabled: true }), get };
    const api = createApiClient({ baseUrl: "http://x", fetch });
    await enrolPasskey(api, { masterKey: MASTER }, webauthn, { label: "Laptop" });
    expect(get).toHaveBeenCalledTimes(1);
    const asked = get.mock.calls[0] as unknown as [{ allowCredentials: unknown; rpId: string }];
    expect(asked[0].allowCredentials).toEqual([{ id: "Y3JlZA", type: "public-key" }]);
    expect(asked[0].rpId).toBe("localhost");
    expect(requests).toHaveLength(2);
  });

  it("stores nothing when the authenticator has no PRF", async () => {
    for (const prf of [{ enabled: false }, undefined]) {
      const { fetch, requests } = fakeFetch([json({ options: OPTIONS })]);
      const webauthn: WebAuthn = { create: async () => registration(prf), get: vi.fn() };
      const api = createApiClient({ baseUrl: "http://x", fetch });
      await expect(
        enrolPasskey(api, { masterKey: MASTER }, webauthn, { label: "Laptop" }),
      ).rejects.toBeInstanceOf(PasskeyPrfUnsupported);
      expect(requests.map((r) => r.url)).toEqual(["http://x/v1/passkeys:beginEnrolment"]);
    }
  });

  it("stores nothing when PRF is enabled but the assertion yields no output", async () => {
    const { fetch, requests } = fakeFetch([json({ options: OPTIONS })]);
    const webauthn: WebAuthn = {
      create: async () => registration({ enabled: true }),
      get: async () => assertion(),
    };
    const api = createApiClient({ baseUrl: "http://x", fetch });
    await expect(
      enrolPasskey(api, { masterKey: MASTER }, webauthn, { label: "Laptop" }),
    ).rejects.toBeInstanceOf(PasskeyPrfUnsupported);
    expect(requests).toHaveLength(1);
  });
});
