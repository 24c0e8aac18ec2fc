import { describe, expect, it } from "vitest";
import { sessionNames } from "./session-names";

describe("sessionNames", () => {
  it("keeps a unique label and tells repeated ones apart by day and id", () => {
    const names = sessionNames([
      { id: "3f9a1c00-0000", label: "Chrome on Linux", createdAt: "2026-11-02T10:00:00Z" },
      { id: "b7e20000-0000", label: "Chrome on Linux", createdAt: "2026-11-02T11:00:00Z" },
      { id: "c1000000-0000", label: "Firefox on macOS", createdAt: "2026-10-01T10:00:00Z" },
    ]);
    expect(names.get("c1000000-0000")).toBe("Firefox on macOS");
    expect(names.get("3f9a1c00-0000")).toBe("Chrome on Linux (signed in Nov 2, #3F9A)");
    expect(names.get("b7e20000-0000")).toBe("Chrome on Linux (signed in Nov 2, #B7E2)");
  });
});
