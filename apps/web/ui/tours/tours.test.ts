import { describe, expect, it } from "vitest";
import { FREE_FLIGHT_TOUR } from "./tours";

describe("the free-flight tour", () => {
  // It is offered to an account with no notes, so every step must point at
  // something the empty notes screen shows: not the Export button, which appears
  // with the first note.
  it("points only at anchors an empty notes screen has", () => {
    const targets = FREE_FLIGHT_TOUR.steps.map((s) => s.target);
    expect(targets).not.toContain("export");
    expect(targets).toEqual(["new-note", "note-search", "note-actions", "sync-status"]);
  });

  it("says search covers the notes' text, not only titles and tags", () => {
    const search = FREE_FLIGHT_TOUR.steps.find((s) => s.target === "note-search");
    expect(search?.body).toMatch(/titles, tags and the text/);
  });
});
