// Anonymous journey events (interface.md: counted by day, no identifier): fire and
// forget, never in the way of the person.
import type { ApiClient, Input } from "@notes/client";

export type Journey = Input<"analytics.journeyEvent">["journey"];

export function recordJourney(api: ApiClient, journey: Journey, step: "start" | "complete") {
  api.call("analytics.journeyEvent", { journey, step }).catch(() => undefined);
}
