// The account's seen heads, shared through the server and anchored in the
// key-transparency log (issue 33, item 12; docs/client-crypto.md, "The account's seen
// heads"). Seen states are per device, so a device signed in by password or passkey (not
// linked) would take whatever older state of a note the server serves. Every device of
// the account therefore uploads its seen heads, merged with the newest copy, sealed under
// a key only the account's devices hold with a counter in the associated data; the log
// holds the newest counter and the digest of its bytes. A fresh device reads the copy
// before its first sync and refuses one older than the log (or than it read before):
// the server cannot replay an older copy, swap in other bytes or withhold it.
import {
  DecryptionFailed,
  deriveSeenHeadsKey,
  fromBase64,
  loadSodium,
  openSeenHeads,
  sealSeenHeads,
  toBase64,
} from "@notes/crypto";
import {
  equalBytes,
  KeyTransparencyRefused,
  type LoggedSeenHeads,
  MalformedKeyTransparency,
  parseSeenHeadsProof,
  type SeenHeadsProofJson,
  type SignedHead,
  seenHeadsDigest,
  verifySeenHeadsLookup,
} from "@notes/keytrans";
import type { ApiClient } from "../api/client";
import { isProblem } from "../api/problem";
import type { Output } from "../api/types";
import { decodeHeadBytes, encodeHeadBytes, mostWritten } from "../device-links/linked-heads";
import { KeyTransparencyFailed, SeenHeadsRolledBack } from "../errors";
import type { Session } from "../vault/session";
import { mergeHeads, raiseSeenStates } from "./account-seen-heads-merge";
import { type KeyTransparency, keyTransparencyFor } from "./key-transparency";
import { MemorySeenStates, type SeenState } from "./seen-states";

export interface AccountSeenHeadsOptions {
  /** The checker of the log (default: keyTransparencyFor(api)). */
  keyTransparency?: KeyTransparency;
  /** The highest counter this device uploaded or read (kept by the app): a lower one is refused. */
  known?: number;
  /** Hears each higher counter this device uploads or reads (keep it as `known`). */
  onCounter?: (counter: number) => void;
  /** When heads arrived (a deleted note's `left.at`); default now. */
  now?: () => string;
}

export interface ReadSeenHeads {
  counter: number;
  /** The ETag to send back in If-Match. */
  etag: string;
  heads: SeenState[];
  /** What the log holds (undefined: nothing, or no head published yet). */
  logged?: LoggedSeenHeads;
}

type Served = Output<"account.seenHeads">;

const keys = new WeakMap<Uint8Array, Promise<Uint8Array>>();
function seenHeadsKey(masterKey: Uint8Array): Promise<Uint8Array> {
  let key = keys.get(masterKey);
  if (!key) {
    key = deriveSeenHeadsKey(masterKey);
    keys.set(masterKey, key);
  }
  return key;
}

/** The newest head this device holds while fresh, else a fresh one; undefined before any. */
async function headToCheck(kt: KeyTransparency): Promise<SignedHead | undefined> {
  const held = kt.head;
  if (held && kt.options.now() - held.timestamp <= kt.options.maxHeadAgeMs) return held;
  try {
    return await kt.refreshHead();
  } catch (error) {
    if (error instanceof KeyTransparencyFailed && error.reason === "no-head") return undefined;
    throw error;
  }
}

function verified(head: SignedHead, accountId: string, json: SeenHeadsProofJson) {
  try {
    const proof = parseSeenHeadsProof(json);
    return { epoch: proof.epoch, check: () => verifySeenHeadsLookup(head, accountId, proof) };
  } catch (error) {
    if (error instanceof MalformedKeyTransparency)
      throw new KeyTransparencyFailed("malformed", error.message);
    throw error;
  }
}

type ServedCopy = { served: Served; etag: string; logged?: LoggedSeenHeads };

/** GET /v1/account/seen-heads alone (an uploading device merging). */
async function readUnlogged(api: ApiClient): Promise<ServedCopy> {
  const { body, headers } = await api.send("account.seenHeads", {});
  return { served: body, etag: headers.get("etag") ?? `"seen-${body.counter}"` };
}

/** GET /v1/account/seen-heads with what the log holds, verified under the head of its epoch. */
async function readLogged(
  api: ApiClient,
  kt: KeyTransparency,
  accountId: string,
): Promise<ServedCopy> {
  for (let tries = 0; tries < 4; tries++) {
    const { body, headers } = await api.send("account.seenHeads", {});
    const etag = headers.get("etag") ?? `"seen-${body.counter}"`;
    const head = await headToCheck(kt);
    if (!head) return { served: body, etag };
    if (!body.keyTransparency)
      throw new KeyTransparencyFailed(
        "not-included",
        "the account's seen heads were served without the log's proof",
      );
    const { epoch, check } = verified(head, accountId, body.keyTransparency);
    if (epoch > head.epoch) {
      await kt.refreshHead();
      continue;
    }
    if (epoch < head.epoch) continue;
    try {
      const logged = check();
      return { served: body, etag, ...(logged && { logged }) };
    } catch (error) {
      if (error instanceof KeyTransparencyRefused)
        throw new KeyTransparencyFailed(error.reason, error.message);
      throw error;
    }
  }
  throw new KeyTransparencyFailed("wrong-epoch", "the log moved on at every read");
}

/**
 * Reads the account's seen heads and holds them to the log and to `known`. Throws
 * SeenHeadsRolledBack for a copy older than either, or one that does not open; throws
 * KeyTransparencyFailed when the log's proof does not verify. With `verifyLog` false
 * (an uploading device merging) only `known` and the seal are checked.
 */
export async function readAccountSeenHeads(
  api: ApiClient,
  session: Session,
  options: AccountSeenHeadsOptions & { verifyLog?: boolean } = {},
): Promise<ReadSeenHeads> {
  const accountId = session.account.id.toLowerCase();
  const kt = options.keyTransparency ?? keyTransparencyFor(api);
  const { served, etag, logged } =
    options.verifyLog === false ? await readUnlogged(api) : await readLogged(api, kt, accountId);
  const sealed = served.sealed === null ? null : fromBase64(served.sealed);
  if (logged) {
    if (!sealed) throw new SeenHeadsRolledBack("withheld", undefined, logged.counter);
    if (served.counter < logged.counter)
      throw new SeenHeadsRolledBack("older-copy", served.counter, logged.counter);
    if (served.counter === logged.counter && !equalBytes(seenHeadsDigest(sealed), logged.digest))
      throw new SeenHeadsRolledBack("replaced-copy", served.counter, logged.counter);
  }
  const known = options.known ?? 0;
  if (served.counter < known || (known > 0 && !sealed))
    throw new SeenHeadsRolledBack(
      "older-than-this-device",
      sealed ? served.counter : undefined,
      known,
    );
  let heads: SeenState[] = [];
  if (sealed) {
    const sodium = await loadSodium();
    const key = await seenHeadsKey(session.masterKey);
    try {
      const bytes = openSeenHeads(sodium, key, accountId, served.counter, sealed);
      heads = decodeHeadBytes(bytes, options.now?.() ?? new Date().toISOString());
    } catch (error) {
      if (error instanceof DecryptionFailed || error instanceof RangeError)
        throw new SeenHeadsRolledBack("unopenable", served.counter, served.counter);
      throw error;
    }
  }
  if (served.counter > known) options.onCounter?.(served.counter);
  return { counter: served.counter, etag, heads, ...(logged && { logged }) };
}

/**
 * A device signed in without a link, before its first sync: reads the account's seen
 * heads, holds them to the log (read above) and raises this device's seen states to
 * them, never lowering any. Answers the counter read and the notes raised. Throws as
 * readAccountSeenHeads: the caller must tell the person, not sync on in silence.
 */
export async function startFromAccountSeenHeads(
  api: ApiClient,
  session: Session,
  options: AccountSeenHeadsOptions = {},
): Promise<{ counter: number; raised: string[] }> {
  const read = await readAccountSeenHeads(api, session, options);
  session.seenStates ??= new MemorySeenStates();
  return { counter: read.counter, raised: raiseSeenStates(session.seenStates, read.heads) };
}

/**
 * Uploads this device's seen heads merged with the newest copy (read, merge, write with
 * If-Match; another device's upload in between: read and merge again). Answers the
 * stored counter and whether anything was uploaded (nothing is when the copy already
 * holds everything this device saw).
 */
export async function uploadAccountSeenHeads(
  api: ApiClient,
  session: Session,
  options: AccountSeenHeadsOptions = {},
): Promise<{ counter: number; uploaded: boolean }> {
  const accountId = session.account.id.toLowerCase();
  let known = options.known ?? 0;
  for (let tries = 0; ; tries++) {
    const read = await readAccountSeenHeads(api, session, {
      ...options,
      known,
      verifyLog: false,
    });
    const merged = encodeHeadBytes(
      mergeHeads(read.heads, mostWritten(session.seenStates?.all() ?? [])),
    );
    if (equalBytes(merged, encodeHeadBytes(read.heads)) && read.counter > 0)
      return { counter: read.counter, uploaded: false };
    if (merged.length === 0) return { counter: read.counter, uploaded: false };
    const counter = read.counter + 1;
    const sodium = await loadSodium();
    const key = await seenHeadsKey(session.masterKey);
    const sealed = sealSeenHeads(sodium, key, accountId, counter, merged);
    try {
      await api.call(
        "account.replaceSeenHeads",
        { counter, sealed: toBase64(sealed) },
        { headers: { "If-Match": read.etag } },
      );
      options.onCounter?.(counter);
      return { counter, uploaded: true };
    } catch (error) {
      if (!isProblem(error, "precondition-failed") || tries === 3) throw error;
      known = Math.max(known, read.counter);
    }
  }
}
