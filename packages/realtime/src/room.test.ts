import { randomBytes, randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { startRelay, type TestClient, type TestRelay } from "../test/test-relay";
import type { LiveRole } from "./deps";

let relay: TestRelay;
afterEach(() => relay.stop());

const NOTE = randomUUID();

/** Joins the room and waits until the joiner has heard the room's new size. */
async function join(accountId: string, role: LiveRole, noteId = NOTE): Promise<TestClient> {
  const size = relay.rt.stats().roomSockets + 1;
  const ticket = relay.access.issue({
    kind: "room",
    accountId,
    sessionId: accountId,
    noteId,
    role,
  });
  const client = relay.connect(`/v1/rooms/${noteId}`, ticket);
  await client.heard({ type: "peers", count: size });
  return client;
}

describe("live room", () => {
  it("relays binary frames byte for byte to the others, not back to the sender", async () => {
    relay = await startRelay();
    const [a, b, c] = [
      await join("a", "editor"),
      await join("b", "owner"),
      await join("c", "editor"),
    ];
    const frame = randomBytes(4096);
    a.ws.send(frame);
    a.ws.send("text is not relayed");
    expect((await b.binaryCount(1))[0]?.equals(frame)).toBe(true);
    expect((await c.binaryCount(1))[0]?.equals(frame)).toBe(true);
    // b's frame reaching a proves a had nothing of its own queued before it.
    const marker = Buffer.from([1, 2, 3]);
    b.ws.send(marker);
    await a.binaryCount(1);
    expect(a.binaries).toEqual([marker]);
    await c.binaryCount(2);
    expect(c.binaries.map((bytes) => bytes.length)).toEqual([4096, 3]);
  });

  it("drops a viewer's frames", async () => {
    relay = await startRelay();
    const [viewer, editor] = [await join("v", "viewer"), await join("e", "editor")];
    viewer.ws.send(Buffer.from("from the viewer"));
    await viewer.roundTrip();
    editor.ws.send(Buffer.from("from the editor"));
    await viewer.binaryCount(1);
    expect(editor.binaries).toEqual([]);
  });

  it("announces the peers count on join and leave", async () => {
    relay = await startRelay();
    const a = await join("a", "editor");
    const b = await join("b", "editor");
    await a.heard({ type: "peers", count: 2 });
    expect(relay.rt.stats()).toEqual({ feedSockets: 0, roomSockets: 2, rooms: 1 });
    b.ws.close();
    await a.until(() => a.texts.length === 3, "the leave announcement");
    expect(a.texts).toEqual([
      { type: "peers", count: 1 },
      { type: "peers", count: 2 },
      { type: "peers", count: 1 },
    ]);
    a.ws.close();
    await a.until(() => relay.rt.stats().rooms === 0, "the room to empty");
  });

  it("applies a roster change: removed members 4403, demoted editors silenced", async () => {
    relay = await startRelay();
    const [stays, removed, demoted] = [
      await join("stays", "editor"),
      await join("removed", "editor"),
      await join("demoted", "editor"),
    ];
    relay.access.roles.set(
      NOTE,
      new Map<string, LiveRole>([
        ["stays", "editor"],
        ["demoted", "viewer"],
      ]),
    );
    relay.rt.dispatch({ e: "note", kind: "roster", noteId: NOTE, seq: 9, ownerId: "o" });
    expect((await removed.whenClosed(1_000)).code).toBe(4403);
    await stays.heard({ type: "peers", count: 2 });
    // The others learn that a member was removed (its last frames may be unstored).
    await stays.heard({ type: "member-removed" });
    await demoted.heard({ type: "member-removed" });
    demoted.ws.send(Buffer.from("dropped"));
    await demoted.roundTrip();
    stays.ws.send(Buffer.from("relayed"));
    await demoted.binaryCount(1);
    expect(stays.binaries).toEqual([]);
  });

  it("reads roles only for rooms this process holds", async () => {
    relay = await startRelay();
    const elsewhere = randomUUID();
    await join("a", "editor", elsewhere);
    relay.rt.dispatch({ e: "note", kind: "roster", noteId: NOTE, seq: 1, ownerId: "o" });
    expect(relay.access.liveRolesCalls).toBe(0);
    relay.access.roles.set(elsewhere, new Map([["a", "editor"]]));
    relay.rt.dispatch({ e: "note", kind: "roster", noteId: elsewhere, seq: 2, ownerId: "o" });
    expect(relay.access.liveRolesCalls).toBe(1);
  });

  it("closes a room whose roster check fails with 1011", async () => {
    relay = await startRelay();
    const client = await join("a", "editor");
    relay.access.failing.add("liveRoles");
    relay.rt.dispatch({ e: "note", kind: "roster", noteId: NOTE, seq: 2, ownerId: "o" });
    expect((await client.whenClosed()).code).toBe(1011);
  });

  it("closes every socket 4403 when the note is deleted", async () => {
    relay = await startRelay();
    const [a, b] = [await join("a", "owner"), await join("b", "viewer")];
    relay.rt.dispatch({
      e: "note",
      kind: "delete",
      noteId: NOTE.toUpperCase(),
      seq: 5,
      ownerId: "a",
    });
    expect((await a.whenClosed()).code).toBe(4403);
    expect((await b.whenClosed()).code).toBe(4403);
    expect(relay.rt.stats().rooms).toBe(0);
  });

  it("closes 1009 on a frame over maxFrameBytes", async () => {
    relay = await startRelay({ maxFrameBytes: 1024 });
    const [a, b] = [await join("a", "editor"), await join("b", "editor")];
    a.ws.send(Buffer.alloc(1025));
    expect((await a.whenClosed()).code).toBe(1009);
    await b.heard({ type: "peers", count: 1 });
    expect(b.binaries).toEqual([]);
  });
});
