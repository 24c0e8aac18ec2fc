// Anonymous journey and tour events (interface.md: counted by day, no identifier):
// fire and forget, never in the way of the person.
import type { ApiClient, Input } from "@notes/client";
import { webApiClient } from "./api-transport";

export type Journey = Input<"analytics.journeyEvent">["journey"];
export type TourEvent = Input<"analytics.tourEvent">;

export function recordJourney(api: ApiClient, journey: Journey, step: "start" | "complete") {
  api.call("analytics.journeyEvent", { journey, step }).catch(() => undefined);
}

/** Sent without the session token (a client of its own), so nothing ties it to anyone. */
export function recordTourEvent(api: ApiClient, event: TourEvent) {
  void webApiClient({ baseUrl: api.baseUrl })
    .call("analytics.tourEvent", event)
    .catch(() => {});
}
