// Share links on the wire (issue 37; docs/client-crypto.md, "Share links"). The id is
// 16 random bytes as url-safe Base64 without padding; every binary field the client
// sealed is opaque to the server.
import { MAX_LINK_ATTACHMENTS } from "@notes/core";
import { z } from "zod";
import { base64Bytes, base64Out, dateTime } from "./common";
import { noteId } from "./notes";
import { signatureIn, signatureOut } from "./signatures";

const SCHEME = 'docs/client-crypto.md "Share links"';
const MiB = 1024 * 1024;

export const shareLinkId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{21}[AQgw]$/, "Must be 16 bytes as url-safe Base64 without padding.")
  .meta({
    description:
      "The link's id: 16 random bytes, url-safe Base64 without padding (22 characters). It says nothing of the link's key, which only the URL's fragment carries.",
  });

export const sealedLinkContent = base64Bytes(
  40,
  8 * MiB,
  `Base64 envelope (nonce ‖ ciphertext ‖ tag) of the link's content JSON under its content key (${SCHEME})`,
);

export const linkSignatureIn = signatureIn("`sealed` for this link (kind 8)");

export const linkMode = z.enum(["snapshot", "follow"]).meta({
  description:
    "`snapshot` serves the note as it was when the link was made; `follow` serves what the owner's client re-seals after later edits (`PUT /share-links/{id}/content`).",
});

export const linkState = z.enum(["live", "expired", "used-up", "revoked"]).meta({
  description:
    "`live` serves; the others answer 410 with the problem type of the same name (`link-expired`, `link-used-up`, `link-revoked`).",
});

export const shareLinkSchema = z
  .object({
    id: shareLinkId,
    noteId,
    mode: linkMode,
    state: linkState,
    passwordRequired: z.boolean(),
    createdAt: dateTime,
    sealedAt: dateTime.meta({ description: "When the content was last sealed" }),
    expiresAt: dateTime.optional(),
    revokedAt: dateTime.optional(),
    maxViews: z.int().optional(),
    views: z.int(),
    bytes: z
      .int()
      .meta({ description: "Stored bytes counted in the owner's usage (0 once ended)" }),
    ownerKeys: base64Out.optional().meta({
      description: `While live: the link key and content key wrapped under the owner's master key (${SCHEME}), so the owner's devices can show the link again and re-seal a following link.`,
    }),
  })
  .meta({ id: "ShareLink" });

export const accessKeyIn = base64Bytes(
  32,
  32,
  `Base64 access key derived from the link key (and password) (${SCHEME})`,
);

export const linkAttachmentIds = z
  .array(z.uuid())
  .max(MAX_LINK_ATTACHMENTS)
  .optional()
  .meta({
    description: `Attachments of the link's note that its content shows (their file keys are sealed in \`sealed\`, ${SCHEME}): the only ones a reader may fetch through the link. At most ${MAX_LINK_ATTACHMENTS}; one of another note, or none, is 404 attachment-not-found. Absent: none.`,
  });

export const linkAttachmentSchema = z
  .object({
    id: z.uuid(),
    metadata: base64Out.meta({ description: 'Sealed under the file key ("Attachments")' }),
    chunkSize: z.int().meta({ description: "Ciphertext bytes of every chunk but the last" }),
    chunkCount: z.int(),
    size: z.int().meta({ description: "Ciphertext bytes of all chunks" }),
  })
  .meta({ id: "ShareLinkAttachment" });

export const openedLinkSchema = z
  .object({
    id: shareLinkId,
    sealed: base64Out.meta({ description: "The sealed content; open it with the content key" }),
    signature: signatureOut("`sealed` for this link (kind 8)"),
    sealedAt: dateTime,
    owner: z.object({
      id: z.uuid(),
      handle: z.string().optional(),
      signingPublicKey: base64Out.optional().meta({
        description:
          "The owner's published signing key: the server's word. The reader checks it against the key sealed into the content.",
      }),
    }),
    views: z.int().meta({ description: "Views counted, this one included" }),
    maxViews: z.int().optional(),
    expiresAt: dateTime.optional(),
    attachments: z.array(linkAttachmentSchema).meta({
      description:
        "The images the link shows that its note still holds, in the order the owner named them: their sealed metadata and ciphertext shape (no wrapped key). Their file keys are in `sealed`; fetch chunks with `POST /share-links/{id}/attachments/{attachmentId}/chunks/{index}:read`.",
    }),
  })
  .meta({ id: "OpenedShareLink" });

export { noteId, signatureOut };
