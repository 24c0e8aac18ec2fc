// Kind-3 live frames (issue 34, split views; docs/key-transparency.md, "Comparing heads"):
// each owner's and editor's device tells the room which key-transparency head it last
// saw, signed, when it joins and after each new epoch it adopts; each member's device
// compares what a signed frame says with the log its own server shows it
// (trust/seen-heads.ts). A frame signed by no one this device has a key for, or whose
// signature fails, says nothing and is dropped.
import { type Sodium, sealSignedSeenHead } from "@notes/crypto";
import { decodeSeenHead, MalformedKeyTransparency } from "@notes/keytrans";
import type { ApiClient } from "../api/client";
import type { OpenNote } from "../notes/open-state";
import type { KeyTransparency } from "../trust/key-transparency";
import { compareSeenHead, seenHeadOf } from "../trust/seen-heads";
import { checkSignature } from "../trust/signature-check";
import type { Session } from "../vault/session";

type FrameSodium = Parameters<typeof sealSignedSeenHead>[0] &
  Pick<Sodium, "crypto_sign_verify_detached">;

/** The kind-3 frame of the head `kt` holds, signed by the note's signer; undefined without either. */
export function seenHeadFrame(
  sodium: FrameSodium,
  note: OpenNote,
  kt: KeyTransparency,
): Uint8Array | undefined {
  const seen = seenHeadOf(kt);
  if (!seen || !note.signer) return undefined;
  return sealSignedSeenHead(sodium, note.cek, note.id, seen, note.signer);
}

/**
 * Compares the head a peer's kind-3 frame carries (`signature` over `body`) with `kt`'s
 * log. Settles once compared; a mismatch reaches the person through `kt`'s warnings,
 * and a check that could not run (offline) is left for the next frame.
 */
export async function compareSeenHeadFrame(
  sodium: FrameSodium,
  session: Session,
  note: OpenNote,
  peer: { kt: KeyTransparency; api: ApiClient },
  signature: string,
  body: Uint8Array,
): Promise<void> {
  const context = { kind: "seenHead", scope: note.id, key: note.cek } as const;
  if (checkSignature(sodium, session, signature, context, body).status !== "signed") return;
  let seen: ReturnType<typeof decodeSeenHead>;
  try {
    seen = decodeSeenHead(body);
  } catch (error) {
    if (error instanceof MalformedKeyTransparency) return;
    throw error;
  }
  await compareSeenHead(peer.kt, peer.api, seen).catch(() => {
    // Warned of (fork, inconsistent, withheld) by compareSeenHead, or not checkable now.
  });
}
