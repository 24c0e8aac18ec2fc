// Opening one piece of a note's served content (snapshot, update or metadata) with the
// keys the note holds, and judging its signature (docs/client-crypto.md, "Signed
// content"). Content of a shared note has its signature checked and its author
// recorded; content that opens only under a retired key must be signed by someone still
// on the note (retired-keys.ts), else it is refused, and when this device cannot tell
// yet (no roster read under the current key) it waits. Unshared notes have one writer
// and one key holder, so nothing needs checking there (and a 10,000-note sync pays no
// signature checks for them).
import { fromBase64, type SignedKind, type Sodium } from "@notes/crypto";
import { RetiredKeyContent } from "../errors";
import { openWithKeys } from "../keys/open-with-keys";
import type { Authorship } from "../trust/authorship";
import { recordSignature } from "../trust/authorship";
import { judgeFormerKeyContent } from "../trust/retired-keys";
import { checkSignature } from "../trust/signature-check";
import type { Session } from "../vault/session";
import { keysOf } from "./note-keys";

export type ContentOutcome<T> =
  | { kind: "open"; value: T; former: boolean }
  | { kind: "refused"; error: RetiredKeyContent }
  | { kind: "unsure" };

export interface ContentReader {
  id: string;
  cek: Uint8Array;
  formerCeks?: Uint8Array[] | undefined;
  wrappedCek?: string | undefined;
  authorship?: Authorship;
}

export interface ServedPart {
  part: "snapshot" | "update" | "metadata";
  envelope: string;
  signature?: string | null | undefined;
  /** The update's version, for what is reported. */
  version?: number;
}

type ReadSodium = Pick<Sodium, "crypto_generichash" | "crypto_sign_verify_detached">;

/**
 * Throws the current key's DecryptionFailed when no held key opens it. Without a
 * session (SDK calls that pass none) nothing is checked, as before signed content.
 */
export function openServedPart<T>(
  sodium: ReadSodium,
  session: Session | undefined,
  note: ContentReader,
  shared: boolean,
  served: ServedPart,
  open: (key: Uint8Array) => T,
): ContentOutcome<T> {
  const opened = openWithKeys(keysOf(note), open);
  const former = opened.index > 0;
  if (!session || (!shared && !former)) return { kind: "open", value: opened.value, former };
  const key = keysOf(note)[opened.index] as Uint8Array;
  const kind: SignedKind = served.part;
  const check = checkSignature(
    sodium,
    session,
    served.signature,
    { kind, scope: note.id, key },
    fromBase64(served.envelope),
  );
  if (former) {
    const verdict = judgeFormerKeyContent(session, note.id, note.wrappedCek, check);
    if (verdict === "unsure") return { kind: "unsure" };
    if (verdict === "refuse") {
      const signerId = "signerId" in check ? check.signerId : undefined;
      return {
        kind: "refused",
        error: new RetiredKeyContent(note.id, served.part, served.version, signerId),
      };
    }
  }
  recordSignature(note, check);
  return { kind: "open", value: opened.value, former };
}
