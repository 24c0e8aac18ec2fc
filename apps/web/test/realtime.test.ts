// The realtime paths over real WebSockets (contract.md §7): tickets admit one
// socket once, the change feed announces what concerns its account, live rooms
// relay ciphertext between members and drop viewers' frames, and roster changes,
// deletions and revoked sessions close the sockets they end. In embedded mode the
// server itself serves these paths; in Postgres mode the sidecar does.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signUp } from "./support/accounts";
import { baseUrl } from "./support/api";
import { append, blob, newNote } from "./support/notes";
import { setMembers, sharer } from "./support/sharing";
import { connect, isText, openFeed, openRoom, realtimeUrl } from "./support/sockets";

describe("tickets at the upgrade", () => {
  it("answers the upgrade 401 without a ticket and closes 4401 for an unknown one", async () => {
    const missing = connect(`${realtimeUrl()}/v1/feed`);
    await expect(missing.opened).rejects.toThrow("HTTP 401");
    const unknown = connect(
      `${realtimeUrl()}/v1/feed?ticket=${randomBytes(32).toString("base64url")}`,
    );
    await unknown.opened;
    expect((await unknown.closed).code).toBe(4401);
  });

  it("admits exactly one of 20 sockets racing for one ticket", async () => {
    const user = await signUp();
    const res = await user.client.call<{ url: string }>("POST", "/v1/feed-tickets", {
      token: user.token,
    });
    const sockets = Array.from({ length: 20 }, () => connect(res.body.url));
    await Promise.all(sockets.map((s) => s.opened));
    const admitted = await Promise.all(
      sockets.map((s) =>
        Promise.race([
          s.next(3_000).then(() => "admitted"),
          s.closed.then(({ code }) => `closed ${code}`),
        ]),
      ),
    );
    expect(admitted.filter((a) => a === "admitted")).toHaveLength(1);
    expect(admitted.filter((a) => a === "closed 4401")).toHaveLength(19);
    for (const s of sockets) s.close();
  });

  it("refuses a room ticket on the feed path and another note's room", async () => {
    const owner = await sharer();
    const a = await newNote(owner);
    const b = await newNote(owner);
    for (const path of ["/v1/feed", `/v1/rooms/${b.id}`]) {
      const ticket = await owner.client.call<{ ticket: string }>(
        "POST",
        `/v1/notes/${a.id}/room-tickets`,
        { token: owner.token },
      );
      const socket = connect(`${realtimeUrl()}${path}?ticket=${ticket.body.ticket}`);
      await socket.opened;
      expect((await socket.closed).code).toBe(4401);
    }
  });

  it("keeps the socket open after the UI served a page (Next does not take the upgrade)", async () => {
    const user = await signUp();
    expect((await fetch(`${baseUrl()}/notes`)).status).toBe(200);
    const feed = await openFeed(user);
    const note = await newNote(user);
    await feed.until((m) => m.kind === "text" && m.json.seq === String(note.seq));
    feed.close();
  });

  it("refuses a browser upgrade from a foreign Origin (403)", async () => {
    const user = await signUp();
    const res = await user.client.call<{ url: string }>("POST", "/v1/feed-tickets", {
      token: user.token,
    });
    const foreign = connect(res.body.url, { Origin: "https://evil.example" });
    await expect(foreign.opened).rejects.toThrow("HTTP 403");
  });
});

describe("the change feed", () => {
  it("announces a member's change to every member's feed, and usage to the owner", async () => {
    const owner = await sharer();
    const editor = await sharer();
    const stranger = await sharer();
    const { id } = await newNote(owner);
    await setMembers(owner, id, [{ userId: editor.accountId, role: "editor" }]);
    const ownerFeed = await openFeed(owner);
    const editorFeed = await openFeed(editor);
    const strangerFeed = await openFeed(stranger);

    const appended = await append(editor, id, { updates: [blob(16)] });
    const changes = { kind: "text", json: { type: "changes", seq: String(appended.body.seq) } };
    await editorFeed.until((m) => JSON.stringify(m) === JSON.stringify(changes));
    // The owner hears the change and, its usage having moved, an account event (in either order).
    const heard = new Set<string>();
    await ownerFeed.until((m) => {
      if (JSON.stringify(m) === JSON.stringify(changes)) heard.add("changes");
      if (isText("account")(m)) heard.add("account");
      return heard.size === 2;
    });

    // The stranger's next announcement is its own note, not the shared one.
    const own = await newNote(stranger);
    const next = await strangerFeed.until(
      (x) => x.kind === "text" && x.json.type === "changes" && x.json.seq !== undefined,
    );
    expect(next).toEqual({ kind: "text", json: { type: "changes", seq: String(own.seq) } });
    for (const f of [ownerFeed, editorFeed, strangerFeed]) f.close();
  });

  it("announces profile changes as an account event", async () => {
    const user = await signUp();
    const feed = await openFeed(user);
    const profile = await user.client.call("GET", "/v1/account", { token: user.token });
    await user.client.call("PATCH", "/v1/account", {
      token: user.token,
      headers: { "If-Match": profile.headers.get("etag")! },
      body: { handle: `renamed_${randomBytes(3).toString("hex")}` },
    });
    await feed.until(isText("account"));
    feed.close();
  });

  it("tells a revoked session's feed, then closes it 4401", async () => {
    const user = await signUp();
    const feed = await openFeed(user);
    await user.client.call("DELETE", "/v1/sessions/current", { token: user.token });
    await feed.until(isText("revoked"));
    expect((await feed.closed).code).toBe(4401);
  });
});

describe("live rooms", () => {
  it("relays ciphertext to the other members unchanged, counts peers, drops a viewer's frames", async () => {
    const owner = await sharer();
    const editor = await sharer();
    const viewer = await sharer();
    const { id } = await newNote(owner);
    await setMembers(owner, id, [
      { userId: editor.accountId, role: "editor" },
      { userId: viewer.accountId, role: "viewer" },
    ]);
    const ownerRoom = await openRoom(owner, id);
    const editorRoom = await openRoom(editor, id);
    const viewerRoom = await openRoom(viewer, id);
    await ownerRoom.until((m) => m.kind === "text" && m.json.count === 3);
    await editorRoom.until((m) => m.kind === "text" && m.json.count === 3);

    const frame = randomBytes(1024);
    ownerRoom.send(frame);
    for (const room of [editorRoom, viewerRoom]) {
      const got = await room.until((m) => m.kind === "binary");
      expect(got.kind === "binary" && got.data.equals(frame)).toBe(true);
    }

    viewerRoom.send(randomBytes(64));
    const marker = randomBytes(32);
    editorRoom.send(marker);
    const first = await ownerRoom.until((m) => m.kind === "binary");
    expect(first.kind === "binary" && first.data.equals(marker)).toBe(true);
    expect(ownerRoom.pending().filter((m) => m.kind === "binary")).toEqual([]);

    viewerRoom.close();
    await ownerRoom.until(
      (m) => m.kind === "text" && m.json.type === "peers" && m.json.count === 2,
    );
    ownerRoom.close();
    editorRoom.close();
  });

  it("closes a removed member's socket with 4403 within a second, and everyone's on deletion", async () => {
    const owner = await sharer();
    const editor = await sharer();
    const { id } = await newNote(owner);
    await setMembers(owner, id, [{ userId: editor.accountId, role: "editor" }]);
    const ownerRoom = await openRoom(owner, id);
    const editorRoom = await openRoom(editor, id);

    const started = Date.now();
    await setMembers(owner, id, [], { ownerWrappedCek: blob(80) });
    expect((await editorRoom.closed).code).toBe(4403);
    expect(Date.now() - started).toBeLessThan(1_000);
    // The owner hears of it (its client syncs; it adopts nothing, docs/sharing.md).
    await ownerRoom.until(isText("member-removed"));

    await owner.client.call("DELETE", `/v1/notes/${id}`, { token: owner.token });
    expect((await ownerRoom.closed).code).toBe(4403);
  });

  it("stops relaying a member demoted to viewer", async () => {
    const owner = await sharer();
    const member = await sharer();
    const { id } = await newNote(owner);
    await setMembers(owner, id, [{ userId: member.accountId, role: "editor" }]);
    const ownerRoom = await openRoom(owner, id);
    const memberRoom = await openRoom(member, id);
    await setMembers(owner, id, [{ userId: member.accountId, role: "viewer" }]);
    // The roster event reaches the relay just after the answer: send until a frame
    // is no longer relayed (bounded), then make sure later ones never are.
    const deadline = Date.now() + 3_000;
    let relayed = true;
    while (relayed && Date.now() < deadline) {
      memberRoom.send(randomBytes(16));
      relayed = await ownerRoom
        .until((m) => m.kind === "binary", 300)
        .then(() => true)
        .catch(() => false);
    }
    expect(relayed).toBe(false);
    ownerRoom.close();
    memberRoom.close();
  });
});
