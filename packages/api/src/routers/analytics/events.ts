import { JOURNEY_STEPS, JOURNEYS, recordEvent, TOUR_EVENTS, TOURS } from "@notes/core";
import { z } from "zod";
import { noOutput } from "../../schemas/common";
import { publicProcedure } from "../../trpc";

const anonymous = {
  status: 204,
  problems: ["unknown-value"],
  invalidAs: "unknown-value",
} as const;

export const tourEvent = publicProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/tour-events",
      tags: ["analytics"],
      summary: "Count one anonymous tour event",
      description:
        "Needs no session and stores nothing about the caller: only a per-day counter for the tour and event goes up. An unknown tour or event answers 400 `unknown-value`. Limited per client address.",
      protect: false,
    },
    ...anonymous,
    invalidTitle: "Unknown tour or event",
  })
  .input(z.object({ event: z.enum(TOUR_EVENTS), tour: z.enum(TOURS) }))
  .output(noOutput)
  .mutation(({ ctx, input }) =>
    recordEvent(ctx.core, { kind: "tour", name: input.tour, step: input.event }, ctx.meta),
  );

export const journeyEvent = publicProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/journey-events",
      tags: ["analytics"],
      summary: "Count one anonymous funnel step",
      description:
        "Needs no session and stores nothing about the caller: only a per-day counter for the journey and step goes up. An unknown journey or step answers 400 `unknown-value`. Limited per client address.",
      protect: false,
    },
    ...anonymous,
    invalidTitle: "Unknown journey or step",
  })
  .input(z.object({ journey: z.enum(JOURNEYS), step: z.enum(JOURNEY_STEPS) }))
  .output(noOutput)
  .mutation(({ ctx, input }) =>
    recordEvent(ctx.core, { kind: "journey", name: input.journey, step: input.step }, ctx.meta),
  );
