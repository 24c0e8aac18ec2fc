// The public side of the key-transparency log (issue 34): the published head, heads for
// witnesses and auditors, consistency between two epochs, an epoch's changes, and
// cosignatures. None needs a session: anyone may check the log.
import {
  addCosignature,
  consistencyBetween,
  epochChanges,
  headsAfter,
  publishedHead,
} from "@notes/core";
import { z } from "zod";
import { noOutput } from "../../schemas/common";
import { cosignatureIn, publishedHeadOut } from "../../schemas/key-transparency";
import { publicProcedure } from "../../trpc";

const epochParam = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const open = { tags: ["key-transparency"], protect: false as const };

export const head = publicProcedure
  .meta({
    openapi: {
      ...open,
      method: "GET",
      path: "/key-transparency/head",
      summary: "The newest published tree head",
      description:
        "The newest head with its witnesses' cosignatures (a head is published once the deployment's witness quorum cosigned it). `since`: the epoch of the head the client holds; the answer then carries the RFC 9162 consistency proof from it. Needs no session.",
    },
    problems: ["invalid-request", "no-tree-head"],
  })
  .input(z.object({ since: epochParam.optional() }))
  .output(publishedHeadOut)
  .query(({ ctx, input }) => publishedHead(ctx.core, input.since));

export const list = publicProcedure
  .meta({
    openapi: {
      ...open,
      method: "GET",
      path: "/key-transparency/heads",
      summary: "Heads after an epoch, oldest first",
      description:
        "For witnesses and auditors: up to `pageSize` (default 100, at most 1000) heads after `after` (0 when absent), including the newest, which may await cosignatures. Needs no session.",
    },
    problems: ["invalid-request"],
  })
  .input(
    z.object({
      after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
      pageSize: z.coerce.number().int().min(1).max(1000).optional(),
    }),
  )
  .output(z.object({ heads: z.array(publishedHeadOut) }))
  .query(async ({ ctx, input }) => ({
    heads: await headsAfter(ctx.core, input.after ?? 0, input.pageSize ?? 100),
  }));

export const consistency = publicProcedure
  .meta({
    openapi: {
      ...open,
      method: "GET",
      path: "/key-transparency/consistency",
      summary: "Consistency proof between two epochs' logs",
      description:
        "RFC 9162 consistency proof from the log at `from` to the log at `to`. Needs no session.",
    },
    problems: ["invalid-request", "no-tree-head"],
  })
  .input(z.object({ from: epochParam, to: epochParam }))
  .output(z.object({ proof: z.array(z.string().meta({ format: "byte" })) }))
  .query(async ({ ctx, input }) => ({
    proof: await consistencyBetween(ctx.core, input.from, input.to),
  }));

export const changes = publicProcedure
  .meta({
    openapi: {
      ...open,
      method: "GET",
      path: "/key-transparency/epochs/{epoch}/changes",
      summary: "The leaves one epoch set",
      description:
        "Each (VRF index, commitment) the epoch set, by index: with those of every earlier epoch, an auditor rebuilds each tree root. Names no account and no key. Needs no session.",
    },
    problems: ["invalid-request", "no-tree-head"],
  })
  .input(z.object({ epoch: epochParam }))
  .output(
    z.object({
      changes: z.array(
        z.object({
          index: z.string().meta({ format: "byte" }),
          commitment: z.string().meta({ format: "byte" }),
        }),
      ),
    }),
  )
  .query(async ({ ctx, input }) => ({ changes: await epochChanges(ctx.core, input.epoch) }));

export const cosign = publicProcedure
  .meta({
    openapi: {
      ...open,
      method: "POST",
      path: "/key-transparency/heads/{epoch}/cosignatures",
      summary: "A witness's cosignature of one head",
      description:
        "Kept when `witness` is one the operator named (`KT_WITNESS_KEYS`, else 403 `unknown-witness`) and `signature` verifies over the head (else 400). Repeating it changes nothing. Needs no session: the signature is the credential.",
    },
    status: 204,
    problems: ["invalid-request", "unknown-witness", "no-tree-head"],
  })
  .input(z.object({ epoch: epochParam }).extend(cosignatureIn.shape))
  .output(noOutput)
  .mutation(({ ctx, input }) =>
    addCosignature(ctx.core, input.epoch, input.witness, input.signature),
  );
