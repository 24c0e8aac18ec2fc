// What anyone with a link's URL asks, without a session: whether it serves and needs a
// password, and its content for the right access key (counting a view).
import { LINGER_SECONDS, openShareLink, probeShareLink, readLinkChunk } from "@notes/core";
import { z } from "zod";
import { attachmentId, chunkIndex } from "../../schemas/attachments";
import { base64Out } from "../../schemas/common";
import { accessKeyIn, openedLinkSchema, shareLinkId } from "../../schemas/share-links";
import { publicProcedure } from "../../trpc";

const GONE = ["link-expired", "link-used-up", "link-revoked"] as const;

export const probe = publicProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/share-links/{id}",
      tags: ["share-links"],
      summary: "Whether a share link serves, and whether it needs a password",
      description:
        "No session; counts no view. An ended link answers 410 with how it ended (link-expired, link-used-up, link-revoked). Limited per link and per address (429).",
      protect: false,
    },
    problems: ["invalid-request", "link-not-found", ...GONE],
  })
  .input(z.object({ id: shareLinkId }))
  .output(
    z
      .object({
        id: shareLinkId,
        passwordRequired: z.boolean(),
        kdfIterations: z.int().optional().meta({
          description: "PBKDF2 iterations of the password; readers refuse fewer than 600,000",
        }),
        expiresAt: z.string().meta({ format: "date-time" }).optional(),
      })
      .meta({ id: "ShareLinkProbe" }),
  )
  .query(({ ctx, input }) => probeShareLink(ctx.core, input.id, ctx.meta));

export const open = publicProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/share-links/{id}:open",
      tags: ["share-links"],
      summary: "Read a share link's sealed content (counts a view)",
      description:
        'No session. `access` is the access key derived from the link key in the URL\'s fragment (and the password; docs/client-crypto.md "Share links"), never the link key. Anything else is 403 link-access-refused, before a byte is served or a view counted, and says nothing of how close it was; wrong keys are limited per link (429). An ended link answers 410 as the probe does. The last allowed view is served and ends the link.',
      protect: false,
    },
    problems: ["invalid-request", "link-not-found", "link-access-refused", ...GONE],
  })
  .input(z.object({ id: shareLinkId, access: accessKeyIn }))
  .output(openedLinkSchema)
  .mutation(({ ctx, input }) => openShareLink(ctx.core, input.id, input.access, ctx.meta));

export const chunk = publicProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/share-links/{id}/attachments/{attachmentId}/chunks/{index}:read",
      tags: ["share-links"],
      summary: "One chunk of an image a share link shows (counts no view)",
      description: `No session. \`access\` as for \`:open\`. Only for an attachment the link names (the images sealed into its content, listed by \`:open\`); any other, of this note or another, is 404 attachment-not-found, as is a chunk not there. Served while the link serves, and for ${LINGER_SECONDS} s after the view that used it up, so that view's page can show its images; otherwise 410 as the probe answers. A wrong key is 403 link-access-refused and counts with the open's wrong keys. The reader opens the chunk with the file key from the sealed content (docs/client-crypto.md "Attachments").`,
      protect: false,
    },
    problems: [
      "invalid-request",
      "link-not-found",
      "link-access-refused",
      "attachment-not-found",
      ...GONE,
    ],
  })
  .input(z.object({ id: shareLinkId, attachmentId, index: chunkIndex, access: accessKeyIn }))
  .output(z.object({ data: base64Out.meta({ description: "nonce ‖ ciphertext ‖ tag" }) }))
  .mutation(async ({ ctx, input }) => ({
    data: Buffer.from(
      await readLinkChunk(
        ctx.core,
        input.id,
        input.access,
        input.attachmentId,
        input.index,
        ctx.meta,
      ),
    ).toString("base64"),
  }));
