// Whether this account has finished or skipped a tour, remembered on this device
// per account (localStorage), so a tour is offered once and never again.
import type { TourSlug } from "./tours";

const key = (slug: TourSlug, accountId: string) => `notes.tour.${slug}.${accountId}`;

export function tourDone(slug: TourSlug, accountId: string): boolean {
  try {
    return localStorage.getItem(key(slug, accountId)) !== null;
  } catch {
    return false; // storage blocked: offering again is the lesser harm
  }
}

export function rememberTour(slug: TourSlug, accountId: string, how: "finished" | "skipped") {
  try {
    localStorage.setItem(key(slug, accountId), how);
  } catch {
    // Storage blocked: nothing to remember it in.
  }
}
