import type { Member, OpenNote } from "@notes/client";
import { describe, expect, it, vi } from "vitest";
import { NoteDepartures } from "./note-departures";

const ID = "6f1c2b8e-0000-4000-8000-000000000001";
const local = (role: OpenNote["role"], title = "Trip to Lisbon") =>
  ({ id: ID, role, metadata: { title, tags: [] } }) as unknown as OpenNote;
const roster: Member[] = [
  { userId: "00000000-0000-4000-8000-00000000000a", role: "owner", handle: "alice" },
  { userId: "00000000-0000-4000-8000-00000000000b", role: "editor", handle: "bob" },
];

describe("NoteDepartures", () => {
  it("tells a removal from a deletion by asking the server (tombstones are alike)", async () => {
    const tombstone = { id: ID, deleted: true, role: "revoked" as const };
    const removed = new NoteDepartures(async () => "unshared");
    removed.observe(tombstone, local("editor"));
    expect(removed.get(ID)).toEqual({
      reason: "unshared",
      title: "Trip to Lisbon",
      wasOwner: false,
    });
    // The answer comes later; the pane hears of it through `changed`.
    let told = false;
    const deleted = new NoteDepartures(
      async () => "deleted",
      () => {
        told = true;
      },
    );
    deleted.observe(tombstone, local("viewer"));
    await vi.waitFor(() => expect(told).toBe(true));
    expect(deleted.get(ID)?.reason).toBe("deleted");
    // Offline, it cannot tell: a member's tombstone reads as a removal.
    let asked: Promise<undefined> = Promise.resolve(undefined);
    const offline = new NoteDepartures(() => {
      asked = Promise.resolve(undefined);
      return asked;
    });
    offline.observe(tombstone, local("editor"));
    await asked;
    expect(offline.get(ID)?.reason).toBe("unshared");
  });

  it("names the owner when this device read the roster before", () => {
    const departures = new NoteDepartures();
    departures.rosterSeen(ID, roster);
    departures.observe({ id: ID, deleted: false, role: "revoked" }, local("editor"));
    expect(departures.get(ID)?.owner).toBe("alice");
  });

  it("knows a deletion of one's own note came from elsewhere", () => {
    const departures = new NoteDepartures();
    departures.observe({ id: ID, deleted: true, role: "owner" }, local("owner"));
    expect(departures.get(ID)).toMatchObject({ reason: "deleted", wasOwner: true });
  });

  it("says nothing of notes this device never had, and forgets a note shared again", () => {
    const departures = new NoteDepartures();
    departures.observe({ id: ID, deleted: false, role: "revoked" }, undefined);
    expect(departures.get(ID)).toBeUndefined();
    departures.observe({ id: ID, deleted: false, role: "revoked" }, local("editor"));
    departures.observe({ id: ID, deleted: false, role: "viewer" }, local("viewer"));
    expect(departures.get(ID)).toBeUndefined();
  });
});
