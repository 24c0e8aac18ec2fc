// Issue 21, attack 2: the server forges the device-link seal. The new device reads the
// seal through the server (GET /v1/device-links/{id}/seal), so a hostile server can
// answer one of its own making: its own ECDH key, a master key it knows and a token
// of its own account. Before the sealer proof, the new device opened such a seal,
// signed in with the attacker's token and wrote under a key the server knows. Each
// test runs the real flow of both devices through the same in-memory server, with the
// seal read answered by the attacker.
import {
  deriveLinkKey,
  fromBase64,
  generateLinkKeyPair,
  generateLinkSecret,
  type SealedTransfer,
  sealerProof,
  sealLinkPayload,
  toBase64,
} from "@notes/crypto";
import { describe, expect, it } from "vitest";
import {
  type ClaimerAnswer,
  type DeviceLinkServerOptions,
  deviceLinkServer,
  LINK_ID,
} from "../../test/support/hostile-server/device-link-server";
import { createApiClient } from "../api/client";
import {
  answerDeviceLink,
  claimDeviceLink,
  type LinkSeal,
  readDeviceLinkSeal,
} from "../device-links/join-by-link";
import { parseLinkCode } from "../device-links/link-code";
import { encodeLinkPayload } from "../device-links/payload";
import {
  openDeviceLink,
  readDeviceLink,
  sealDeviceLink,
} from "../device-links/share-with-new-device";
import { DeviceLinkForged } from "../errors";

const MASTER_KEY = new Uint8Array(32).fill(2);
const ATTACKER_MASTER_KEY = new Uint8Array(32).fill(66);
const ATTACKER_TOKEN = "token-of-the-attackers-account";

/** Both devices through one server: open, answer, check the proof, seal, read the seal. */
async function linkThrough(forgeSeal?: DeviceLinkServerOptions["forgeSeal"]) {
  const server = await deviceLinkServer({
    masterKey: MASTER_KEY,
    attacker: { token: ATTACKER_TOKEN, masterKey: ATTACKER_MASTER_KEY },
    forgeSeal,
  });
  const owner = createApiClient({ baseUrl: "http://x", fetch: server.fetch, token: "owner" });
  const newDevice = createApiClient({ baseUrl: "http://x", fetch: server.fetch });
  const link = await openDeviceLink(owner);
  const claim = await answerDeviceLink(newDevice, parseLinkCode(link.qrText));
  const progress = await readDeviceLink(owner, link);
  if (progress.status !== "offered") throw new Error(`expected offered, got ${progress.status}`);
  await sealDeviceLink(owner, link, MASTER_KEY, progress.claimerPubKey);
  const seal = await readDeviceLinkSeal(newDevice, claim);
  if (!seal) throw new Error("expected a seal");
  return { server, newDevice, claim, seal };
}

/** The attacker's own seal to the new device's key; `proofSecret` is its guess at the QR secret. */
async function attackersSeal(claimer: ClaimerAnswer, proofSecret?: Uint8Array): Promise<LinkSeal> {
  const attacker = await generateLinkKeyPair();
  const claimerPubKey = fromBase64(claimer.claimerPubKey);
  const transfer: SealedTransfer = {
    linkId: LINK_ID,
    sealerPubKey: attacker.publicKey,
    claimerPubKey,
    masterKey: ATTACKER_MASTER_KEY,
    token: ATTACKER_TOKEN,
  };
  const payload = encodeLinkPayload({
    masterKey: ATTACKER_MASTER_KEY,
    token: ATTACKER_TOKEN,
    ...(proofSecret && { sealerProof: await sealerProof(proofSecret, transfer) }),
  });
  const key = await deriveLinkKey(attacker.privateKey, claimerPubKey);
  return {
    sealerPubKey: toBase64(attacker.publicKey),
    sealed: await sealLinkPayload(key, LINK_ID, payload),
  };
}

async function expectRefusedBeforeUse(
  run: Awaited<ReturnType<typeof linkThrough>>,
  reason: DeviceLinkForged["reason"],
) {
  const refused = claimDeviceLink(run.newDevice, run.claim, run.seal);
  await expect(refused).rejects.toBeInstanceOf(DeviceLinkForged);
  await expect(refused).rejects.toMatchObject({ reason });
  // Nothing from the seal was used: no token set, no claim, no account read after it.
  expect(run.newDevice.getToken()).toBeUndefined();
  expect(run.server.seen.at(-1)).toMatchObject({
    method: "GET",
    path: `/v1/device-links/${LINK_ID}/seal`,
  });
}

describe("a hostile server forging the device-link seal", () => {
  it("attack 2: a seal of the server's own making (its key, master key and token) is refused", async () => {
    const run = await linkThrough((claimer) => attackersSeal(claimer));
    await expectRefusedBeforeUse(run, "unproven");
  });

  it("attack 2: a forged seal whose sealer proof was made without the QR secret is refused", async () => {
    const run = await linkThrough((claimer) => attackersSeal(claimer, generateLinkSecret()));
    await expectRefusedBeforeUse(run, "proof-mismatch");
  });

  it("attack 2: the server's own public key beside the owner's sealed bytes is refused", async () => {
    const run = await linkThrough(async (claimer, honest) => {
      if (!honest) throw new Error("the owner sealed first");
      const forged = await attackersSeal(claimer);
      return { sealerPubKey: forged.sealerPubKey, sealed: honest.sealed };
    });
    await expectRefusedBeforeUse(run, "unopenable");
  });

  it("control: with the server honest, the owner's seal still opens to a full session", async () => {
    const run = await linkThrough();
    const session = await claimDeviceLink(run.newDevice, run.claim, run.seal);
    expect(toBase64(session.masterKey)).toBe(toBase64(MASTER_KEY));
    expect(session.identifier).toBe("alice");
    expect(run.newDevice.getToken()).toBe(session.token);
  });
});
