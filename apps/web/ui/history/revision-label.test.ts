import { describe, expect, it } from "vitest";
import { revisionAuthor, revisionLabels, revisionTime } from "./revision-label";

const at = "2026-11-23T10:05:00.000Z";

describe("revision labels", () => {
  it("names the author as you, by handle, or as someone", () => {
    expect(
      revisionAuthor({ revision: 1, bytes: 1, createdAt: at, authorHandle: "ann" }, "ann"),
    ).toBe("you");
    expect(
      revisionAuthor({ revision: 1, bytes: 1, createdAt: at, authorHandle: "bob" }, "ann"),
    ).toBe("bob");
    expect(revisionAuthor({ revision: 1, bytes: 1, createdAt: at }, "ann")).toBe("Someone");
  });

  it("shows the time with its year and minute", () => {
    const text = revisionTime({ revision: 1, bytes: 1, createdAt: at });
    expect(text).toContain("2026");
    expect(text).not.toBe(at);
  });

  it("tells apart revisions made in the same minute, and in the same second", () => {
    const revision = (n: number, createdAt: string) => ({
      revision: n,
      bytes: 1,
      createdAt,
      authorHandle: "ann",
    });
    const labels = revisionLabels(
      [
        revision(4, "2026-11-24T21:39:40.000Z"),
        revision(3, "2026-11-24T21:39:05.200Z"),
        revision(2, "2026-11-24T21:39:05.700Z"),
        revision(1, "2026-11-24T21:38:00.000Z"),
      ],
      "ann",
    );
    expect(new Set(labels).size).toBe(4);
    for (const label of labels) expect(label).toMatch(/2026.* · by you/);
    // Seconds tell the first two apart; one second holds two, so those say their number.
    expect(labels[0]).not.toContain("revision");
    expect(labels[1]).toMatch(/ · revision 3$/);
    expect(labels[2]).toMatch(/ · revision 2$/);
  });
});
