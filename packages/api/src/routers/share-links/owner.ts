// The owner's share-link operations: create, list, re-seal a following link, revoke
// one, revoke all. Each validates, calls one core function and returns.
import {
  createShareLink,
  listShareLinks,
  resealShareLink,
  revokeAllShareLinks,
  revokeShareLink,
} from "@notes/core";
import { z } from "zod";
import { base64Bytes, noOutput } from "../../schemas/common";
import { CONTENT_BODY_LIMIT } from "../../schemas/notes";
import {
  linkAttachmentIds,
  linkMode,
  linkSignatureIn,
  noteId,
  sealedLinkContent,
  shareLinkId,
  shareLinkSchema,
} from "../../schemas/share-links";
import { authedProcedure } from "../../trpc";

const HOUR = 3600;
const DAYS_30 = 30 * 24 * HOUR;

export const create = authedProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/notes/{noteId}/share-links",
      tags: ["share-links"],
      summary: "Create a share link to a note (owner only)",
      description:
        "Anyone with the link's URL reads the note without an account: `{PUBLIC_URL}/s/{id}#{link key}`, the key only in the fragment, which browsers never send. The client sealed the content under a key derived from the link key (and the password), signed it, and wrapped the link's keys to its master key (docs/client-crypto.md \"Share links\"); the server stores that, `accessVerifier` (SHA-256 of the access key readers present), the expiry (`expiresIn` seconds from now, 1 hour to 30 days, or none) and the view limit. `kdfIterations` is present exactly when the link needs a password. The bytes count in the owner's usage; a free account keeps at most 10 live links (402 link-limit). The id is the client's: a taken one is 409 link-exists. `attachmentIds` names the note's images the content shows (their file keys are sealed in it); readers may fetch exactly those through the link, and one the note later drops is kept (`detached`) while the link lives.",
    },
    status: 201,
    bodyLimit: CONTENT_BODY_LIMIT,
    problems: [
      "invalid-request",
      "note-not-found",
      "note-deleted",
      "owner-required",
      "attachment-not-found",
      "link-exists",
      "link-limit",
      "free-storage-full",
      "storage-full",
    ],
    responseHeaderNames: ["Location"],
  })
  .input(
    z.object({
      noteId,
      id: shareLinkId,
      mode: linkMode,
      sealed: sealedLinkContent,
      signature: linkSignatureIn,
      ownerKeys: base64Bytes(
        104,
        104,
        "Base64 link key ‖ content key wrapped under the owner's master key",
      ),
      accessVerifier: base64Bytes(32, 32, "Base64 SHA-256 of the access key"),
      kdfIterations: z.int().min(600_000).max(10_000_000).nullish().meta({
        description:
          "PBKDF2 iterations of the link's password (sign-in's range); absent or null: no password",
      }),
      expiresIn: z.int().min(HOUR).max(DAYS_30).nullish().meta({
        description:
          "Seconds from now until the link expires (3,600 … 2,592,000); absent or null: never",
      }),
      maxViews: z.int().min(1).max(1_000_000).nullish().meta({
        description: "Views the link serves; absent or null: no limit",
      }),
      attachmentIds: linkAttachmentIds,
    }),
  )
  .output(shareLinkSchema)
  .mutation(async ({ ctx, input }) => {
    const link = await createShareLink(ctx.core, ctx.caller, input);
    ctx.response.headers.set("Location", `${ctx.core.config.publicUrl}/v1/share-links/${link.id}`);
    return link;
  });

export const list = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/share-links",
      tags: ["share-links"],
      summary: "List the caller's share links, newest first",
      description:
        "Every link the caller made (of one note with `noteId`), live or ended, with its views. One page: `nextPageToken` is always empty.",
    },
    problems: ["invalid-request"],
  })
  .input(z.object({ noteId: noteId.optional() }))
  .output(z.object({ links: z.array(shareLinkSchema), nextPageToken: z.literal("") }))
  .query(({ ctx, input }) => listShareLinks(ctx.core, ctx.caller, input.noteId));

export const reseal = authedProcedure
  .meta({
    openapi: {
      method: "PUT",
      path: "/share-links/{id}/content",
      tags: ["share-links"],
      summary: "Replace what a following link serves (owner only)",
      description:
        "The server cannot re-seal a note it cannot read: after an edit the owner's client seals the note again under the link's content key and signs it. Only a live `follow` link (409 link-not-following for a snapshot; 410 once ended); another account's link is 404.",
    },
    status: 204,
    bodyLimit: CONTENT_BODY_LIMIT,
    problems: [
      "invalid-request",
      "link-not-found",
      "link-not-following",
      "link-expired",
      "link-used-up",
      "link-revoked",
      "attachment-not-found",
      "free-storage-full",
      "storage-full",
    ],
  })
  .input(
    z.object({
      id: shareLinkId,
      sealed: sealedLinkContent,
      signature: linkSignatureIn,
      attachmentIds: linkAttachmentIds,
    }),
  )
  .output(noOutput)
  .mutation(({ ctx, input }) => resealShareLink(ctx.core, ctx.caller, input.id, input));

export const revoke = authedProcedure
  .meta({
    openapi: {
      method: "DELETE",
      path: "/share-links/{id}",
      tags: ["share-links"],
      summary: "Revoke a share link (owner only)",
      description:
        "From then on the link answers 410 link-revoked; its content and keys are erased and leave the owner's usage. Revoking again is a no-op (204); another account's link is 404.",
    },
    status: 204,
    problems: ["invalid-request", "link-not-found"],
  })
  .input(z.object({ id: shareLinkId }))
  .output(noOutput)
  .mutation(({ ctx, input }) => revokeShareLink(ctx.core, ctx.caller, input.id));

export const revokeAll = authedProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/share-links:revokeAll",
      tags: ["share-links"],
      summary: "Revoke every share link of the caller (of one note with `noteId`)",
      description: "Answers how many links were live or ended but not yet revoked.",
    },
    problems: ["invalid-request"],
  })
  .input(z.object({ noteId: noteId.nullish() }))
  .output(z.object({ revoked: z.int() }))
  .mutation(({ ctx, input }) =>
    revokeAllShareLinks(ctx.core, ctx.caller, input.noteId ?? undefined),
  );
