// The account's sealed seen heads (issue 33, item 12; docs/client-crypto.md, "The
// account's seen heads"): one copy its devices upload and a device signed in without a
// link reads, with the proof of what the key-transparency log holds for it.
import { readSeenHeads, replaceSeenHeads, seenHeadsEtag } from "@notes/core";
import { z } from "zod";
import { base64Bytes, base64Out, noInput } from "../../schemas/common";
import { seenHeadsProofOut } from "../../schemas/key-transparency";
import { authedProcedure } from "../../trpc";

const PATH = "/account/seen-heads";
const HEAD_BYTES = 29;
const FRAME_BYTES = 24 + 16;
/** Nonce and tag around at least one 29-byte head. */
const MIN_SEALED_BYTES = FRAME_BYTES + HEAD_BYTES;
/** Nonce and tag around 12,000 heads (MAX_SEALED_SEEN_HEADS_BYTES of packages/crypto). */
const MAX_SEALED_BYTES = FRAME_BYTES + 12_000 * HEAD_BYTES;
/** The largest sealed copy's Base64 (464,056 characters) fits with room to spare. */
export const SEEN_HEADS_BODY_LIMIT = 512 * 1024;

const seenHeadsOut = z
  .object({
    counter: z
      .number()
      .int()
      .min(0)
      .meta({ description: "0 before any device stored a copy; one more with every upload" }),
    sealed: base64Out.nullable().meta({
      description:
        "The heads as a device sealed them (docs/client-crypto.md, The account's seen heads), or null before any device stored them",
    }),
    keyTransparency: seenHeadsProofOut
      .optional()
      .meta({ description: "Absent only before the log's first published head" }),
  })
  .meta({ id: "SeenHeads" });

export const readSeenHeadsProcedure = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: PATH,
      tags: ["account"],
      summary: "The account's sealed seen heads, with what the log holds for them",
      description:
        "The newest copy the account's devices uploaded (the server cannot open it) and its counter, with the proof of the newest counter and digest the published key-transparency tree holds, or that it holds none. Before any upload: `counter` 0 and `sealed` null (not 404: the answer still carries the proof of absence a fresh device checks). `ETag` names the counter, for `If-Match` on the next upload. Only the caller's own account.",
    },
    responseHeaderNames: ["ETag"],
  })
  .input(noInput)
  .output(seenHeadsOut)
  .query(async ({ ctx }) => {
    const view = await readSeenHeads(ctx.core, ctx.caller);
    ctx.response.headers.set("ETag", seenHeadsEtag(view.counter));
    return {
      counter: view.counter,
      sealed: view.sealed && Buffer.from(view.sealed).toString("base64"),
      ...(view.keyTransparency && { keyTransparency: view.keyTransparency }),
    };
  });

export const replaceSeenHeadsProcedure = authedProcedure
  .meta({
    openapi: {
      method: "PUT",
      path: PATH,
      tags: ["account"],
      summary: "Upload the account's sealed seen heads (read, merge, write)",
      description:
        'Requires `If-Match` with the ETag of the copy the device read and merged (`"seen-0"` before the first upload); `counter` is that counter plus one, the one sealed into the associated data. Another device\'s upload in between answers 412 `precondition-failed`: read again, merge and retry. The next epoch logs the counter and the digest of `sealed`. `sealed` is 69–348,040 bytes (nonce, tag and 1–12,000 heads of 29 bytes); a body past 524,288 bytes answers 413 `body-too-large`.',
    },
    problems: ["invalid-request", "precondition-failed", "precondition-required"],
    responseHeaderNames: ["ETag"],
    requestHeaderNames: ["If-Match"],
    bodyLimit: SEEN_HEADS_BODY_LIMIT,
  })
  .input(
    z.object({
      counter: z
        .number()
        .int()
        .min(1)
        .max(Number.MAX_SAFE_INTEGER)
        .meta({ description: "The counter the copy was sealed under: the If-Match one plus one" }),
      sealed: base64Bytes(
        MIN_SEALED_BYTES,
        MAX_SEALED_BYTES,
        "The heads sealed under the account's seen-heads key",
        "Must decode to 24 + 16 bytes around 1 to 12,000 heads of 29 bytes.",
      ).refine((b) => (b.length - FRAME_BYTES) % HEAD_BYTES === 0, {
        message: "Must decode to 24 + 16 bytes around whole 29-byte heads.",
      }),
    }),
  )
  .output(z.object({ counter: z.number().int().min(1) }))
  .mutation(async ({ ctx, input }) => {
    const stored = await replaceSeenHeads(
      ctx.core,
      ctx.caller,
      ctx.headers.get("if-match"),
      input.counter,
      input.sealed,
    );
    ctx.response.headers.set("ETag", seenHeadsEtag(stored.counter));
    return stored;
  });
