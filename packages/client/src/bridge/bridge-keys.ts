// The bridge keys this member holds: every wrap addressed to it, opened with the
// sharing keypair and checked against its epoch fingerprint. A wrap that does not
// open (sealed to a former keypair, or forged) is left out, not fatal. Handing a key
// out seals it to the public keys the server lists; given the account's pins, only to
// the pinned ones (issue 21, attack 1: the server listing its own key for a member).
import {
  type BridgeKey,
  CryptoError,
  fromBase64,
  generateBridgeKey,
  openBridgeKey,
  type SharingKeyPair,
  type Sodium,
  sealBridgeKey,
} from "@notes/crypto";
import type { ApiClient } from "../api/client";
import type { KeyPins } from "../trust/key-pins";
import { checkSeenKey } from "../trust/pin-check";

export type BridgeKeyring = Map<string, Uint8Array>;

export async function loadBridgeKeys(
  api: ApiClient,
  sodium: Sodium,
  keyPair: SharingKeyPair,
): Promise<BridgeKeyring> {
  const { wraps } = await api.call("bridge.listKeys", {});
  const keys: BridgeKeyring = new Map();
  for (const wrap of wraps) {
    try {
      keys.set(wrap.epochId, openBridgeKey(sodium, wrap.wrappedKey, wrap.epochId, keyPair));
    } catch (error) {
      if (!(error instanceof CryptoError)) throw error;
    }
  }
  return keys;
}

/**
 * Seals `key` to everyone who lacks its epoch, asking again until nobody does. With
 * `pins`, a listed key other than the member's pinned one throws PublicKeyChanged
 * before anything is sealed to it (members sealed to before it keep their wraps).
 */
export async function sealToMembersLacking(
  api: ApiClient,
  sodium: Sodium,
  epoch: BridgeKey,
  pins?: KeyPins,
): Promise<number> {
  let sealed = 0;
  const tried = new Set<string>();
  for (;;) {
    const { members } = await api.call("bridge.listLacking", { epochId: epoch.epochId });
    const fresh = members.filter((m) => !tried.has(m.userId));
    if (fresh.length === 0) return sealed;
    for (const member of fresh) {
      tried.add(member.userId);
      const listed = fromBase64(member.publicKey);
      const signing = member.signingPublicKey ? fromBase64(member.signingPublicKey) : undefined;
      const publicKey = pins ? await checkSeenKey(pins, member.userId, listed, signing) : listed;
      await api.call("bridge.sealKey", {
        recipientId: member.userId,
        epochId: epoch.epochId,
        wrappedKey: sealBridgeKey(sodium, epoch.key, publicKey),
      });
      sealed++;
    }
  }
}

/**
 * A new epoch: a fresh key sealed to this member first, then to every member.
 * The first member calls this to open the bridge; any member to rotate.
 */
export async function startEpoch(
  api: ApiClient,
  sodium: Sodium,
  keyPair: SharingKeyPair,
  ownId: string,
  pins?: KeyPins,
): Promise<BridgeKey> {
  const epoch = generateBridgeKey(sodium);
  await api.call("bridge.sealKey", {
    recipientId: ownId,
    epochId: epoch.epochId,
    wrappedKey: sealBridgeKey(sodium, epoch.key, keyPair.publicKey),
  });
  await sealToMembersLacking(api, sodium, epoch, pins);
  return epoch;
}
