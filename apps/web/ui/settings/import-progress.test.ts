import { describe, expect, it } from "vitest";
import { importProgressText } from "./import-progress";

describe("importProgressText", () => {
  it("says notes and images done of their totals", () => {
    expect(importProgressText({ notes: 3, totalNotes: 12, images: 5, totalImages: 20 })).toBe(
      "Importing 3 of 12 notes, 5 of 20 images…",
    );
  });

  it("leaves images out when the import has none, and says one in the singular", () => {
    expect(importProgressText({ notes: 0, totalNotes: 1, images: 0, totalImages: 0 })).toBe(
      "Importing 0 of 1 note…",
    );
    expect(importProgressText({ notes: 1, totalNotes: 1200, images: 0, totalImages: 1 })).toBe(
      "Importing 1 of 1,200 notes, 0 of 1 image…",
    );
  });
});
