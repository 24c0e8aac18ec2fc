// Heads carried in signed metadata (issue 34, split views; docs/key-transparency.md,
// "Comparing heads"): a writer's device puts the key-transparency head it last saw into
// the metadata it seals (seal-content.ts, `seenHead`), so members who never share a live
// room still compare logs. Reading a note's metadata whose signature checks out under a
// pinned key, this device compares the carried head with its own log (seen-heads.ts):
// a fork, an inconsistent log or a withheld epoch is warned of through the checker.
// Per writer, only a head newer than the last one compared is compared, so a first sync
// of many notes asks the server for at most one consistency proof a collaborator.
import { fromBase64, type NoteMetadata } from "@notes/crypto";
import { decodeSeenHead, MalformedKeyTransparency } from "@notes/keytrans";
import type { ApiClient } from "../api/client";
import type { NoteState } from "../api/types";
import { KeyTransparencyFailed } from "../errors";
import type { Session } from "../vault/session";
import { type KeyTransparency, keyTransparencyFor } from "./key-transparency";
import { compareSeenHead } from "./seen-heads";
import { checkSignature, namedSigner } from "./signature-check";

type CheckSodium = Parameters<typeof checkSignature>[0];

/** Per checker, the newest epoch compared for each writer. */
const compared = new WeakMap<KeyTransparency, Map<string, number>>();

/**
 * Compares the head `metadata` carries (as opened from `state`, under one of `keys`)
 * with this device's log, when the metadata is signed by a pinned key. Returns the
 * comparison (settled, never rejecting) or undefined when there was nothing to compare.
 */
export function compareCarriedHead(
  sodium: CheckSodium,
  api: ApiClient,
  session: Session,
  state: Pick<NoteState, "id" | "metadata" | "metadataSignature">,
  metadata: Pick<NoteMetadata, "seenHead"> | undefined,
  keys: readonly Uint8Array[],
): Promise<void> | undefined {
  const carried = metadata?.seenHead;
  const named = namedSigner(state.metadataSignature);
  if (!carried || !state.metadata || !named) return undefined;
  let seen: ReturnType<typeof decodeSeenHead>;
  try {
    seen = decodeSeenHead(fromBase64(carried));
  } catch (error) {
    if (error instanceof MalformedKeyTransparency) return undefined;
    throw error;
  }
  const kt = keyTransparencyFor(api);
  const newest = compared.get(kt) ?? new Map<string, number>();
  compared.set(kt, newest);
  // Nothing newer from this writer: no signature to check (a sync reads many such notes).
  if ((newest.get(named) ?? 0) >= seen.epoch) return undefined;
  const envelope = fromBase64(state.metadata);
  const signed = keys.some((key) => {
    const context = { kind: "metadata", scope: state.id, key } as const;
    return (
      checkSignature(sodium, session, state.metadataSignature, context, envelope).status ===
      "signed"
    );
  });
  if (!signed) return undefined;
  const before = newest.get(named);
  newest.set(named, seen.epoch);
  return compareSeenHead(kt, api, seen).catch((error: unknown) => {
    // Warned of through the checker (fork, inconsistent, withheld); one that could not
    // be checked now (offline) is compared again with the next metadata read.
    if (error instanceof KeyTransparencyFailed) return;
    if (before === undefined) newest.delete(named);
    else newest.set(named, before);
  });
}
