// @notes/client's passkey and device-link flows end to end against the real server,
// with the software authenticator standing in for navigator.credentials: the master
// key enrolled under a passkey's PRF output comes back on a passkey sign-in (by
// handle and discoverable), and a device link hands the same keys and a working
// session to a new device.
import { randomBytes } from "node:crypto";
import {
  type ApiClient,
  answerDeviceLink,
  ClaimerProofRefused,
  claimDeviceLink,
  createNote,
  enrolPasskey,
  openDeviceLink,
  openNote,
  parseLinkCode,
  type RegistrationJSON,
  readDeviceLink,
  readDeviceLinkSeal,
  readText,
  type Session,
  sealDeviceLink,
  signInWithPasskey,
  signUp,
  type WebAuthn,
} from "@notes/client";
import { toBase64 } from "@notes/crypto";
import { describe, expect, it } from "vitest";
import { baseUrl } from "./support/api";
import { SoftwareAuthenticator } from "./support/authenticator";
import { sdkDevice } from "./support/sdk-device";

const device = () => sdkDevice();

function softwareWebAuthn(authenticator: SoftwareAuthenticator): WebAuthn {
  return {
    create: async (options) =>
      authenticator.create(options).credential as unknown as RegistrationJSON,
    get: async (options) =>
      authenticator.get(options).credential as unknown as Awaited<ReturnType<WebAuthn["get"]>>,
  };
}

async function newUser(): Promise<{ api: ApiClient; session: Session; handle: string }> {
  const api = device();
  const handle = `pk_${randomBytes(6).toString("hex")}`;
  const { session } = await signUp(api, { identifier: handle, password: "pw for passkey tests" });
  return { api, session, handle };
}

describe("passkeys through @notes/client", () => {
  it("enrols a passkey whose PRF output alone unlocks the same keys", async () => {
    const { api, session, handle } = await newUser();
    const webauthn = softwareWebAuthn(new SoftwareAuthenticator(baseUrl()));
    const enrolled = await enrolPasskey(api, session, webauthn, { label: "Laptop" });
    expect(enrolled.label).toBe("Laptop");

    const byHandle = await signInWithPasskey(device(), webauthn, { handle });
    expect(toBase64(byHandle.masterKey)).toBe(toBase64(session.masterKey));
    expect(toBase64(byHandle.keyPair.privateKey)).toBe(toBase64(session.keyPair.privateKey));
    expect(byHandle.credentialId).toBe(enrolled.id);

    const names: string[] = [];
    const discoverable = await signInWithPasskey(device(), webauthn, {
      handleFor: (id) => {
        names.push(id);
        return handle;
      },
    });
    expect(names).toEqual([enrolled.id]);
    expect(toBase64(discoverable.masterKey)).toBe(toBase64(session.masterKey));
    expect(discoverable.account.passkeys.offerEnrolment).toBe(false);
  });
});

describe("device links through @notes/client", () => {
  it("hands the master key and a full session to the new device, which reads the notes", async () => {
    const owner = await newUser();
    const note = await createNote(owner.api, owner.session, {
      title: "Linked",
      tags: [],
      text: "seen on the new device",
    });

    const link = await openDeviceLink(owner.api);
    const newDevice = device();
    const claim = await answerDeviceLink(newDevice, parseLinkCode(link.code));
    expect(await readDeviceLinkSeal(newDevice, claim)).toBeUndefined();
    const progress = await readDeviceLink(owner.api, link);
    if (progress.status !== "offered") throw new Error(`expected offered, got ${progress.status}`);
    expect(progress.fingerprint).toBe(claim.fingerprint);
    await sealDeviceLink(owner.api, link, owner.session.masterKey, progress.claimerPubKey);

    const seal = await readDeviceLinkSeal(newDevice, claim);
    if (!seal) throw new Error("expected a seal");
    const session = await claimDeviceLink(newDevice, claim, seal);
    expect(session.identifier).toBe(owner.handle);
    expect(toBase64(session.masterKey)).toBe(toBase64(owner.session.masterKey));
    expect((await readDeviceLink(owner.api, link)).status).toBe("claimed");
    const opened = await openNote(newDevice, session, note.id);
    expect(readText(opened.doc)).toBe("seen on the new device");
  });

  it("refuses to seal for a device that did not read the code", async () => {
    const owner = await newUser();
    const link = await openDeviceLink(owner.api);
    // Knows the link id (say, from the server) but not the QR secret.
    await answerDeviceLink(device(), { linkId: link.linkId, secret: new Uint8Array(16) });
    await expect(readDeviceLink(owner.api, link)).rejects.toBeInstanceOf(ClaimerProofRefused);
  });
});
