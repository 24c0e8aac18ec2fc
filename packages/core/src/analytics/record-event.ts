// Anonymous counters for the tour and the journey funnel: one row per day, kind,
// name and step. No identifier, IP or time finer than a day is stored.
import { analyticsCounters } from "@notes/db";
import { sql } from "drizzle-orm";
import type { Core } from "../core";
import { enforce } from "../shared/rate-limit";
import type { RequestMeta } from "../types";

export const TOURS = ["free-flight", "bridge"] as const;
export const TOUR_EVENTS = ["view", "play", "complete"] as const;
export const JOURNEYS = [
  "onboard",
  "sync",
  "collaborate",
  "organise",
  "export",
  "upgrade",
  "link-device",
  "recover",
] as const;
export const JOURNEY_STEPS = ["start", "complete"] as const;

export async function recordEvent(
  core: Core,
  event: { kind: "tour" | "journey"; name: string; step: string },
  meta: RequestMeta,
): Promise<void> {
  await enforce(core, `analytics:ip:${meta.ip}`, core.config.limits.analyticsPerIp);
  const day = new Date().toISOString().slice(0, 10);
  await core.db
    .insert(analyticsCounters)
    .values({ day, ...event, count: 1 })
    .onConflictDoUpdate({
      target: [
        analyticsCounters.day,
        analyticsCounters.kind,
        analyticsCounters.name,
        analyticsCounters.step,
      ],
      set: { count: sql`${analyticsCounters.count} + 1` },
    });
}
