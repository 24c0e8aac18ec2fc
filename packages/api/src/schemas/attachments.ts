// Request and response shapes of the attachment operations (issue 36).
import { MAX_ATTACHMENT_SIZE, MAX_CHUNK_SIZE, MAX_METADATA_BYTES } from "@notes/core";
import { z } from "zod";
import { base64Bytes, base64Out, dateTime } from "./common";
import { MiB } from "./notes";

/** A chunk's JSON body: its Base64 (4/3 of 4 MiB + 40) and the wrapping, well under 8 MiB. */
export const CHUNK_BODY_LIMIT = 8 * MiB;

export const attachmentId = z
  .uuid()
  .meta({ description: "Attachment id (uuid, chosen by the client)" });
export const chunkIndex = z.coerce
  .number()
  .int()
  .min(0)
  .max(2 ** 31 - 1)
  .meta({ description: "The chunk's place in the file, from 0" });

export const wrappedFileKey = base64Bytes(
  72,
  72,
  'The file key wrapped under the note\'s content key (nonce ‖ ciphertext ‖ tag; docs/client-crypto.md "Attachments")',
);
export const sealedAttachmentMetadata = base64Bytes(
  40,
  MAX_METADATA_BYTES,
  'Name, type and size, sealed under the file key (docs/client-crypto.md "Attachments")',
);
export const chunkData = base64Bytes(
  1,
  MAX_CHUNK_SIZE,
  "One chunk's ciphertext: nonce ‖ ciphertext ‖ tag",
);

export const attachmentSchema = z
  .object({
    id: z.uuid(),
    noteId: z.uuid(),
    wrappedKey: base64Out,
    metadata: base64Out,
    chunkSize: z.int().meta({ description: "Ciphertext bytes of every chunk but the last" }),
    chunkCount: z.int(),
    size: z.int().meta({
      description: `Ciphertext bytes of all chunks, as counted in the owner's usage (at most ${MAX_ATTACHMENT_SIZE})`,
    }),
    state: z.enum(["uploading", "complete", "detached"]).meta({
      description:
        "`uploading` until finished; `complete`; `detached`: removed from the note but kept, with its bytes counted, because a revision stored since or a live share link may show it",
    }),
    createdAt: dateTime,
    completedAt: dateTime.optional(),
    missingChunks: z.array(z.int()).optional().meta({
      description:
        "While uploading: the chunk indices not yet received, ascending (resume from these)",
    }),
    directTransfer: z.literal(true).optional().meta({
      description:
        "Present (true) when the chunks are in an object store that presigns: clients may send and read them straight there (`POST …:presign`); absent: through the chunk routes only",
    }),
  })
  .meta({ id: "Attachment" });
