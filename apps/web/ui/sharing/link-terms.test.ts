import type { ListedShareLink } from "@notes/client";
import { describe, expect, it } from "vitest";
import { EXPIRY_CHOICES, linkSummary } from "./link-terms";

const link = (over: Partial<ListedShareLink>): ListedShareLink => ({
  id: "AAECAwQFBgcICQoLDA0ODw",
  noteId: "7d444840-9dc0-11d1-b245-5ffdce74fad2",
  mode: "snapshot",
  state: "live",
  passwordRequired: false,
  createdAt: "2026-11-28T09:00:00.000Z",
  sealedAt: "2026-11-28T09:00:00.000Z",
  views: 0,
  bytes: 404,
  ...over,
});

describe("linkSummary", () => {
  it("says how often a link opened, until when, and how it ended", () => {
    expect(linkSummary(link({ views: 1 }))).toBe("Opened 1 time · never expires · snapshot");
    expect(
      linkSummary(link({ views: 2, maxViews: 5, passwordRequired: true, mode: "follow" })),
    ).toBe("Opened 2 of 5 times · never expires · password · follows edits");
    expect(linkSummary(link({ expiresAt: "2026-12-01T10:00:00.000Z" }))).toMatch(
      /^Opened 0 times · expires .*2026.* · snapshot$/,
    );
    expect(linkSummary(link({ state: "used-up", views: 1, maxViews: 1 }))).toBe(
      "Opened 1 of 1 time · used up · snapshot",
    );
    expect(linkSummary(link({ state: "revoked" }))).toBe("Opened 0 times · revoked · snapshot");
    expect(linkSummary(link({ state: "expired" }))).toBe("Opened 0 times · expired · snapshot");
  });

  it("offers expiries from 1 hour to 30 days, or never, within what the server takes", () => {
    const seconds = EXPIRY_CHOICES.map((c) => c.seconds);
    expect(seconds).toEqual([3600, 86400, 604800, 2592000, ""]);
  });
});
