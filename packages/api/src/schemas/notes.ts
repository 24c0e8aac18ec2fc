import { z } from "zod";
import { base64Bytes, base64Out, dateTime } from "./common";
import { handoutOut } from "./group-state";
import { lookupProofOut } from "./key-transparency";
import { signatureOut, signingPublicKeyOut, updateSignaturesOut } from "./signatures";

export const MiB = 1024 * 1024;
/** Bodies that carry note content may be up to 16 MiB (contract.md §6). */
export const CONTENT_BODY_LIMIT = 16 * MiB;

export const ciphertext = (what: string) =>
  base64Bytes(1, 16 * MiB, `Base64 ${what} (envelope: nonce ‖ ciphertext ‖ tag)`);
export const noteId = z.uuid().meta({ description: "Note id (uuid, chosen by the client)" });

export const coordinatesSchema = z
  .object({ id: z.uuid(), seq: z.int(), version: z.int() })
  .meta({ id: "NoteCoordinates" });

export const noteStateSchema = z
  .object({
    deleted: z.boolean(),
    id: z.uuid(),
    memberCount: z.int().meta({
      description: "Active members including the owner (1: unshared); 0 on a tombstone",
    }),
    metadata: base64Out.optional(),
    role: z.enum(["owner", "editor", "viewer", "revoked"]),
    seq: z.int(),
    snapshot: base64Out.optional(),
    snapshotVersion: z.int(),
    updatedAt: dateTime.meta({
      description: "Last write time; on a tombstone, when the caller lost the note",
    }),
    updates: z.array(base64Out),
    version: z.int(),
    wrappedCek: base64Out.optional(),
    ...handoutOut,
    snapshotSignature: signatureOut("`snapshot`; only when `snapshot` is on the entry").optional(),
    metadataSignature: signatureOut("`metadata`; only when `metadata` is on the entry").optional(),
    updateSignatures: updateSignaturesOut.optional(),
    deletionSignature: signatureOut(
      "the note's deletion, on a deletion's tombstone only: the note id and the version it was deleted at (kind 7; docs/client-crypto.md \"Signed deletion\"). Absent when the deletion was not signed, and on a removal's tombstone",
    ).optional(),
  })
  .meta({
    id: "NoteState",
    description:
      "A tombstone (`deleted: true`, `role: revoked`: the note was deleted, or the caller was removed or left) is frozen at that moment: `version` and `snapshotVersion` are the note's then, `updatedAt` is that moment, `memberCount` is 0, and it carries no metadata, snapshot, updates or wrap. Nothing the others do afterwards changes it. Tombstones of members removed before this rule report versions 0.",
  });

export const revisionSchema = z
  .object({
    revision: z.int(),
    bytes: z.int(),
    createdAt: dateTime,
    baseRevision: z.int().optional(),
    authorHandle: z.string().optional(),
    epochId: z.string().optional(),
    signature: signatureOut("the revision's snapshot").optional(),
  })
  .meta({ id: "RevisionDescriptor" });

export const memberSchema = z
  .object({
    userId: z.uuid(),
    role: z.enum(["owner", "editor", "viewer", "revoked"]),
    handle: z.string().optional(),
    name: z.string().optional().meta({
      description:
        "A handle-less member's address, shown to the note's owner only, and only when the owner found them by it through users:resolve (never the account's current e-mail)",
    }),
    addedBy: z
      .uuid()
      .optional()
      .meta({ description: "Who added the member; shown to the owner only" }),
    publicKey: z.string().optional().meta({
      format: "byte",
      description:
        "The member's sharing public key (Base64, 32 bytes), when set; shown to every member, who pins it on first sight",
    }),
    signingPublicKey: signingPublicKeyOut.optional(),
    keyTransparency: lookupProofOut.optional().meta({
      description:
        "Inclusion proof of exactly these keys in the published key-transparency log (docs/key-transparency.md); absent while a publication waits for the next epoch, and on a roster answered by a roster change",
    }),
  })
  .meta({ id: "Member" });
