// The account's sealed key pins as one copy (issue 21; docs/client-crypto.md, "Pinned
// keys"): opaque to the server, shared by the account's devices. Kept for older clients:
// current ones keep pins in shards (key-pin-shards.ts, issue 33) and read this copy once
// a session to carry what an older client wrote into them.
import { keyPinsEtag, readKeyPins, replaceKeyPins } from "@notes/core";
import { z } from "zod";
import { unlessNotModified } from "../../rest/not-modified";
import { base64Bytes, base64Out, noInput } from "../../schemas/common";
import { authedProcedure } from "../../trpc";

const PATH = "/account/key-pins";
/** Envelope overhead (24-byte nonce, 16-byte tag) plus room for a few thousand pins. */
const MAX_SEALED_BYTES = 196_608;

const keyPinsSchema = z
  .object({
    sealed: base64Out.nullable().meta({
      description:
        "The pins as the account's devices sealed them under the master key (docs/client-crypto.md, Pinned keys), or null before any device stored them",
    }),
    version: z.int().meta({ description: "0 before the first write; one more with every write" }),
  })
  .meta({ id: "KeyPins" });

export const readKeyPinsProcedure = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: PATH,
      tags: ["account"],
      summary: "The account's sealed key pins, which its devices share",
      description:
        "The single copy older clients keep (current clients keep pins in `/v1/account/key-pins/shards`, and read this once to carry its pins there). The server cannot open them. `ETag` names the version; a device sends it back in `If-Match` to replace the pins, and in `If-None-Match` to get 304 while they are unchanged. A replacement is announced on the account's feed as an `account` event.",
    },
    responseHeaderNames: ["ETag"],
    requestHeaderNames: ["If-None-Match"],
  })
  .input(noInput)
  .output(keyPinsSchema)
  .query(async ({ ctx }) => {
    const pins = await readKeyPins(ctx.core, ctx.caller);
    unlessNotModified(ctx, keyPinsEtag(pins.version));
    return pins;
  });

export const replaceKeyPinsProcedure = authedProcedure
  .meta({
    openapi: {
      method: "PUT",
      path: PATH,
      tags: ["account"],
      summary: "Replace the account's sealed key pins (read, merge, write)",
      description:
        'Requires `If-Match` with the ETag the device read (`"pins-0"` before the first write; `*` writes whatever is stored); another device\'s write in between answers 412 `precondition-failed`: read again, merge (docs/client-crypto.md, Merging) and retry. Answers the new version and `ETag`.',
    },
    problems: ["invalid-request", "precondition-failed", "precondition-required"],
    responseHeaderNames: ["ETag"],
    requestHeaderNames: ["If-Match"],
  })
  .input(
    z.object({
      sealed: base64Bytes(40, MAX_SEALED_BYTES, "The pins sealed under the master key"),
    }),
  )
  .output(keyPinsSchema)
  .mutation(async ({ ctx, input }) => {
    const pins = await replaceKeyPins(
      ctx.core,
      ctx.caller,
      ctx.headers.get("if-match"),
      Buffer.from(input.sealed).toString("base64"),
    );
    ctx.response.headers.set("ETag", keyPinsEtag(pins.version));
    return pins;
  });
