// Split views, caught by collaborators (issue 34; docs/key-transparency.md, "Comparing
// heads"). A device carries the head it last saw inside what it already signs (a live
// frame of kind 3, live-room.ts) and each member reading it compares it with the log its
// own server shows it: the same epoch must carry the same log root, an older one must be
// a prefix of its log. A server that shows two members two logs (a fork, two heads for
// one epoch) is then caught as soon as they share a room, without a new channel. What
// does not match is warned of (`log`: `fork`, `inconsistent`, or `withheld` when another
// member saw an epoch this device's server will not show it) and thrown.
import {
  encodeSeenHead,
  KeyTransparencyRefused,
  MalformedKeyTransparency,
  parseHashes,
  type SeenHead,
  toHex,
  verifySeenHead,
} from "@notes/keytrans";
import type { ApiClient } from "../api/client";
import { KeyTransparencyFailed } from "../errors";
import type { KeyTransparency } from "./key-transparency";

/** Seen heads already found consistent, per checker (a log root never changes meaning). */
const confirmed = new WeakMap<KeyTransparency, Set<string>>();
const CONFIRMED_CAP = 256;

/** The 40 bytes to carry for the newest head `kt` holds; undefined before it holds one. */
export function seenHeadOf(kt: KeyTransparency): Uint8Array | undefined {
  return kt.head && encodeSeenHead(kt.head);
}

/**
 * Compares `seen`, a head another member's device signed as seen, with the log `kt`
 * follows (asking `api` for a newer head or a consistency proof when needed). Throws
 * KeyTransparencyFailed (`fork`, `inconsistent`, `withheld`) after warning of it.
 */
export async function compareSeenHead(
  kt: KeyTransparency,
  api: ApiClient,
  seen: SeenHead,
): Promise<void> {
  const key = `${seen.epoch}:${toHex(seen.logRoot)}`;
  const done = confirmed.get(kt) ?? new Set<string>();
  confirmed.set(kt, done);
  if (done.has(key)) return;
  let mine = kt.head ?? (await kt.refreshHead());
  if (seen.epoch > mine.epoch) mine = await kt.refreshHead();
  if (seen.epoch > mine.epoch) {
    const detail = `another member's device saw epoch ${seen.epoch}; this server shows this device epoch ${mine.epoch}`;
    kt.warn({ kind: "log", reason: "withheld", detail });
    throw new KeyTransparencyFailed("withheld", detail);
  }
  const held = mine;
  const proof =
    seen.epoch < held.epoch
      ? (await api.call("keyTransparency.consistency", { from: seen.epoch, to: held.epoch })).proof
      : [];
  try {
    verifySeenHead(held, seen, parseHashes(proof, "proof"));
  } catch (error) {
    if (error instanceof MalformedKeyTransparency)
      throw new KeyTransparencyFailed("malformed", error.message);
    if (!(error instanceof KeyTransparencyRefused)) throw error;
    kt.warn({ kind: "log", reason: error.reason, detail: error.message });
    throw new KeyTransparencyFailed(error.reason, error.message);
  }
  if (done.size >= CONFIRMED_CAP) done.clear();
  done.add(key);
}
