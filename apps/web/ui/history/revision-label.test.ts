import { describe, expect, it } from "vitest";
import { revisionAuthor, revisionTime } from "./revision-label";

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
});
