// Transmissions: create one (idempotent by requestId), page the log newest
// first, read one by seq.
import {
  BRIDGE_PAGE_MAX,
  listTransmissions,
  postTransmission,
  readTransmission,
  TRANSMISSION_BYTES,
} from "@notes/core";
import { z } from "zod";
import { epochId, transmissionSchema } from "../../schemas/bridge";
import { base64Bytes } from "../../schemas/common";
import { signatureIn } from "../../schemas/signatures";
import { authedProcedure } from "../../trpc";

export const postMessage = authedProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/bridge/messages",
      tags: ["bridge"],
      summary: "Create one transmission and announce it to every live member",
      description: `\`body\` is exactly ${TRANSMISSION_BYTES} decoded bytes: the 1,024-byte padded plaintext (ISO/IEC 7816-4) sealed with XChaCha20-Poly1305 under the bridge key (nonce ‖ ciphertext ‖ tag). A repeated \`requestId\` answers the first transmission with 200 and creates nothing. Members' change feeds receive \`{"type":"bridge","message":…}\`. \`signature\`, optional, is a signature block over \`body\` that must name the caller; it is stored and served with the transmission.`,
    },
    status: 201,
    responseHeaderNames: ["Location"],
    problems: ["invalid-request", "bridge-access-required"],
  })
  .input(
    z.object({
      body: base64Bytes(TRANSMISSION_BYTES, TRANSMISSION_BYTES, "Base64 sealed transmission"),
      epochId,
      requestId: z.uuid().nullish(),
      signature: signatureIn("`body`").nullish(),
    }),
  )
  .output(transmissionSchema)
  .mutation(async ({ ctx, input }) => {
    const { transmission, created } = await postTransmission(ctx.core, ctx.caller, input);
    if (!created) ctx.response.status = 200;
    ctx.response.headers.set(
      "Location",
      `${ctx.core.config.publicUrl}/v1/bridge/messages/${transmission.seq}`,
    );
    return transmission;
  });

export const listMessages = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/bridge/messages",
      tags: ["bridge"],
      summary: "One page of the bridge, newest first",
      description: `First load, history and gap repair: follow \`nextPageToken\` to older pages until it is empty, or until the seq last seen. \`pageSize\` defaults to ${BRIDGE_PAGE_MAX}; a larger value is coerced to ${BRIDGE_PAGE_MAX} (below 1 or not an integer answers 400). \`currentEpoch\` is the fingerprint of the key most members hold, epochs handed out as signed handouts first: a hint for a client that holds no key yet, which speaks under the epoch it adopted from a verified handout (docs/client-crypto.md "Signed bridge key handouts").`,
    },
    problems: ["invalid-request", "bridge-access-required"],
  })
  .input(
    z.object({
      pageToken: z.string().max(200).optional(),
      pageSize: z.coerce
        .number()
        .int()
        .min(1)
        .optional()
        .meta({
          description: `Transmissions per page; at most ${BRIDGE_PAGE_MAX} (larger is coerced)`,
        }),
    }),
  )
  .output(
    z
      .object({
        messages: z.array(transmissionSchema),
        nextPageToken: z.string(),
        currentEpoch: z.string().optional(),
      })
      .meta({ id: "BridgePage" }),
  )
  .query(({ ctx, input }) =>
    listTransmissions(ctx.core, ctx.caller, {
      pageToken: input.pageToken || undefined,
      pageSize: input.pageSize,
    }),
  );

export const readMessage = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/bridge/messages/{seq}",
      tags: ["bridge"],
      summary: "One transmission by its place in the log",
      description:
        "Repairs a gap in what a client has seen: `seq` is the transmission's place in the bridge's log. A seq with no transmission answers 404 `not-found`.",
    },
    problems: ["invalid-request", "bridge-access-required", "not-found"],
  })
  .input(z.object({ seq: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }))
  .output(transmissionSchema)
  .query(({ ctx, input }) => readTransmission(ctx.core, ctx.caller, input.seq));
