// Appends encrypted CRDT updates (and optionally replaces the metadata digest),
// through this process's group-commit queue (append-queue.ts, core.appends). Each
// append is announced to the relay after commit (announcer.ts: the functions return
// the owner for it instead of notifying).
// Signatures (issue 21, signed content) ride in the same call: one block per update,
// aligned with them, and the new metadata's. They are checked to name the caller
// here, before the queue, so the functions only store them.
import type { Core } from "../core";
import { toBase64 } from "../shared/base64";
import { eachSigned, requireCallerSigned } from "../shared/signature-block";
import type { Caller } from "../types";
import type { NoteCoordinates } from "./create-note";

export interface Append {
  updates: Uint8Array[];
  metadata?: Uint8Array | null;
  requestId?: string | null;
  /** One signature block per update, in the same order (the API checks the count). */
  signatures?: Uint8Array[] | null;
  /** The new metadata's block; new metadata without one is stored unsigned. */
  metadataSignature?: Uint8Array | null;
}

export async function appendUpdates(
  core: Core,
  caller: Caller,
  noteId: string,
  input: Append,
): Promise<NoteCoordinates> {
  const id = noteId.toLowerCase();
  if (input.signatures || input.metadataSignature) {
    requireCallerSigned(caller.accountId, [
      ...eachSigned("/signatures", input.signatures),
      ["/metadataSignature", input.metadataSignature],
    ]);
  }
  const appended = await core.appends.submit({
    note: id,
    account: caller.accountId,
    request: input.requestId ?? null,
    updates: input.updates.map(toBase64),
    metadata: input.metadata ? toBase64(input.metadata) : null,
    signatures: input.signatures ? input.signatures.map(toBase64) : null,
    metadataSignature:
      input.metadata && input.metadataSignature ? toBase64(input.metadataSignature) : null,
  });
  if (appended.owner) {
    core.announcer.announce({
      e: "note",
      kind: "write",
      noteId: id,
      seq: appended.seq,
      ownerId: appended.owner,
    });
  }
  return { id, seq: appended.seq, version: appended.version };
}
