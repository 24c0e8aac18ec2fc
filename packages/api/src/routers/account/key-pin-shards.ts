// The account's key pins in shards (issue 33; docs/client-crypto.md, "Pinned keys in
// shards"): up to 256 sealed blobs, each versioned on its own, opaque to the server.
import {
  keyPinShardEtag,
  listKeyPinShards,
  readKeyPinShard,
  replaceKeyPinShard,
} from "@notes/core";
import { z } from "zod";
import { unlessNotModified } from "../../rest/not-modified";
import { base64Bytes, base64Out, noInput } from "../../schemas/common";
import { authedProcedure } from "../../trpc";

const PATH = "/account/key-pins/shards";
/**
 * One shard's sealed bytes: 512 KiB holds about 6,400 pins (81 bytes each with a signing
 * key), so 256 shards hold some 1.6 million before any is full; a shard's Base64 stays
 * well under the 1 MiB body limit.
 */
export const MAX_SHARD_SEALED_BYTES = 524_288;

const shardNumber = z.coerce
  .number()
  .int()
  .min(0)
  .max(255)
  .meta({ description: "The shard: the first byte of the pinned accounts' ids, 0–255" });

const shardSchema = z
  .object({
    shard: z.int().meta({ description: "0–255" }),
    sealed: base64Out.nullable().meta({
      description:
        "The shard's pins as the account's devices sealed them under the master key (docs/client-crypto.md, Pinned keys in shards), or null before any device stored it",
    }),
    version: z.int().meta({ description: "0 before the first write; one more with every write" }),
  })
  .meta({ id: "KeyPinShard" });

export const listKeyPinShardsProcedure = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: PATH,
      tags: ["account"],
      summary: "The stored key pin shards and their versions",
      description:
        "Every shard of the account's sealed key pins that a device stored, with its version, in shard order (at most 256). A device reads only the shards whose version changed since it last read them.",
    },
  })
  .input(noInput)
  .output(
    z
      .object({
        shards: z.array(z.object({ shard: z.int(), version: z.int() })),
      })
      .meta({ id: "KeyPinShardList" }),
  )
  .query(async ({ ctx }) => ({ shards: await listKeyPinShards(ctx.core, ctx.caller) }));

export const readKeyPinShardProcedure = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: `${PATH}/{shard}`,
      tags: ["account"],
      summary: "One shard of the account's sealed key pins",
      description:
        'The server cannot open it. `ETag` (`"pin-shard-<shard>-<version>"`) names the version; a device sends it back in `If-Match` to replace the shard, and in `If-None-Match` to get 304 while it is unchanged. A shard never written answers `sealed` null, version 0.',
    },
    problems: ["invalid-request"],
    responseHeaderNames: ["ETag"],
    requestHeaderNames: ["If-None-Match"],
  })
  .input(z.object({ shard: shardNumber }))
  .output(shardSchema)
  .query(async ({ ctx, input }) => {
    const shard = await readKeyPinShard(ctx.core, ctx.caller, input.shard);
    unlessNotModified(ctx, keyPinShardEtag(shard.shard, shard.version));
    return shard;
  });

export const replaceKeyPinShardProcedure = authedProcedure
  .meta({
    openapi: {
      method: "PUT",
      path: `${PATH}/{shard}`,
      tags: ["account"],
      summary: "Replace one shard of the account's sealed key pins (read, merge, write)",
      description: `Requires \`If-Match\` with the shard's ETag as read (\`"pin-shard-<shard>-0"\` before its first write; \`*\` writes whatever is stored); another device's write in between answers 412 \`precondition-failed\`: read the shard again, merge (docs/client-crypto.md, Merging) and retry. At most ${MAX_SHARD_SEALED_BYTES} sealed bytes a shard. Answers the new version and \`ETag\`; the write is announced on the account's feed as an \`account\` event.`,
    },
    problems: ["invalid-request", "precondition-failed", "precondition-required"],
    responseHeaderNames: ["ETag"],
    requestHeaderNames: ["If-Match"],
  })
  .input(
    z.object({
      shard: shardNumber,
      sealed: base64Bytes(
        40,
        MAX_SHARD_SEALED_BYTES,
        "The shard's pins sealed under the master key",
      ),
    }),
  )
  .output(shardSchema)
  .mutation(async ({ ctx, input }) => {
    const shard = await replaceKeyPinShard(
      ctx.core,
      ctx.caller,
      input.shard,
      ctx.headers.get("if-match"),
      Buffer.from(input.sealed).toString("base64"),
    );
    ctx.response.headers.set("ETag", keyPinShardEtag(shard.shard, shard.version));
    return shard;
  });
