// Share links over HTTP (issue 37; docs/client-crypto.md, "Share links"): the owner
// creates, lists, re-seals and revokes; anyone probes and opens without a session,
// presenting the access key whose SHA-256 the owner registered. Expiry, the view limit
// and revocation answer 410 with their own problem types; a wrong key answers 403 and
// counts no view; the bytes count in the owner's usage; deleting the note revokes its
// links; another account can neither see nor end them.
import { randomBytes } from "node:crypto";
import { mode, onPostgres } from "@notes/test-support/database-mode";
import { describe, expect, it } from "vitest";
import { b64, signUp } from "./support/accounts";
import { Client, expectNoBody, expectProblem, pointersOf } from "./support/api";
import { blob, grantComplimentary, newNote, usage } from "./support/notes";
import {
  linkBody,
  listLinks,
  makeLink,
  openLink,
  postLink,
  probeLink,
  reader,
} from "./support/share-links";
import { setMembers, sharer } from "./support/sharing";
import { signedBy } from "./support/signatures";

const GONE = 410;

describe("creating and opening a share link", () => {
  it("stores what the owner sealed, serves it for the right access key and counts each view", async () => {
    const owner = await sharer();
    const { id: noteId } = await newNote(owner);
    const before = await usage(owner);
    const link = await makeLink(owner, noteId, { expiresIn: 3600, maxViews: 5 });

    expect(link.res.headers.get("location")).toMatch(new RegExp(`/v1/share-links/${link.id}$`));
    expect(link.res.body).toMatchObject({
      id: link.id,
      noteId,
      mode: "snapshot",
      state: "live",
      passwordRequired: false,
      views: 0,
      maxViews: 5,
      bytes: 300 + 104,
      ownerKeys: link.body.ownerKeys,
    });
    expect(Date.parse(link.res.body.expiresAt as string) - Date.now()).toBeGreaterThan(3500_000);
    expect((await usage(owner)).accountBytes).toBe(before.accountBytes + 404);

    const anyone = reader();
    const probe = await probeLink(anyone, link.id);
    expect(probe.status, probe.text).toBe(200);
    expect(probe.body).toEqual({
      id: link.id,
      passwordRequired: false,
      expiresAt: link.res.body.expiresAt,
    });
    const opened = await openLink(anyone, link.id, link.access);
    expect(opened.status, opened.text).toBe(200);
    expect(opened.body).toMatchObject({
      id: link.id,
      sealed: link.body.sealed,
      signature: link.body.signature,
      owner: { id: owner.accountId, handle: owner.handle },
      views: 1,
      maxViews: 5,
    });
    expect(opened.headers.get("x-request-id")).toBeTruthy();
    await openLink(reader(), link.id, link.access);
    const [listed] = await listLinks(owner, noteId);
    expect(listed).toMatchObject({ id: link.id, views: 2, state: "live" });
  });

  it("refuses a wrong access key with 403, serving nothing and counting no view", async () => {
    const owner = await sharer();
    const { id: noteId } = await newNote(owner);
    const link = await makeLink(owner, noteId, { kdfIterations: 600_000 });
    const probe = await probeLink(reader(), link.id);
    expect(probe.body).toMatchObject({ passwordRequired: true, kdfIterations: 600_000 });

    const wrong = await openLink(reader(), link.id, b64(randomBytes(32)));
    expectProblem(wrong, 403, "link-access-refused");
    expect(wrong.text).not.toContain(link.body.sealed as string);
    const [listed] = await listLinks(owner);
    expect(listed).toMatchObject({ id: link.id, views: 0, passwordRequired: true });
    expect((await openLink(reader(), link.id, link.access)).status).toBe(200);
  });

  it("validates the body: id, sizes, expiry and view bounds, the signer (400 with pointers)", async () => {
    const owner = await sharer();
    const { id: noteId } = await newNote(owner);
    const cases: [Record<string, unknown>, string[]][] = [
      [{ id: "short" }, ["/id"]],
      [{ id: "AAECAwQFBgcICQoLDA0OD+" }, ["/id"]],
      [{ ownerKeys: blob(103) }, ["/ownerKeys"]],
      [{ accessVerifier: blob(31) }, ["/accessVerifier"]],
      [{ expiresIn: 3599 }, ["/expiresIn"]],
      [{ expiresIn: 30 * 86400 + 1 }, ["/expiresIn"]],
      [{ maxViews: 0 }, ["/maxViews"]],
      [{ kdfIterations: 599_999 }, ["/kdfIterations"]],
      [{ mode: "live" }, ["/mode"]],
      [{ signature: signedBy(owner.accountId, 79) }, ["/signature"]],
    ];
    for (const [extra, pointers] of cases) {
      const res = await postLink(owner, noteId, linkBody(owner, extra).body);
      expectProblem(res, 400, "invalid-request");
      expect(pointersOf(res), JSON.stringify(extra)).toEqual(pointers);
    }
    const other = await signUp();
    const notMine = await postLink(
      owner,
      noteId,
      linkBody(owner, { signature: signedBy(other.accountId) }).body,
    );
    expectProblem(notMine, 400, "invalid-request");
    expect(pointersOf(notMine)).toEqual(["/signature"]);
    const badOpen = await reader().call("POST", `/v1/share-links/${linkBody(owner).body.id}:open`, {
      body: { access: blob(31) },
    });
    expectProblem(badOpen, 400, "invalid-request");
    expectProblem(await probeLink(reader(), "not-a-link"), 400, "invalid-request");
  });

  it("answers 409 link-exists for a taken id, 404 for an unknown link", async () => {
    const owner = await sharer();
    const { id: noteId } = await newNote(owner);
    const link = await makeLink(owner, noteId);
    expectProblem(
      await postLink(owner, noteId, linkBody(owner, { id: link.id }).body),
      409,
      "link-exists",
    );
    const unknown = linkBody(owner).body.id as string;
    expectProblem(await probeLink(reader(), unknown), 404, "link-not-found");
    expectProblem(await openLink(reader(), unknown, link.access), 404, "link-not-found");
  });

  it("is the owner's alone: a member gets 403, a stranger 404, and neither sees nor ends the owner's links", async () => {
    const owner = await sharer();
    const editor = await sharer();
    const stranger = await sharer();
    const { id: noteId } = await newNote(owner);
    await setMembers(owner, noteId, [{ userId: editor.accountId, role: "editor" }]);
    expectProblem(await postLink(editor, noteId, linkBody(editor).body), 403, "owner-required");
    expectProblem(await postLink(stranger, noteId, linkBody(stranger).body), 404, "note-not-found");
    const link = await makeLink(owner, noteId, { mode: "follow" });

    for (const other of [editor, stranger]) {
      expect(await listLinks(other)).toEqual([]);
      expect(await listLinks(other, noteId)).toEqual([]);
      const revoke = await other.client.call("DELETE", `/v1/share-links/${link.id}`, {
        token: other.token,
      });
      expectProblem(revoke, 404, "link-not-found");
      const reseal = await other.client.call("PUT", `/v1/share-links/${link.id}/content`, {
        token: other.token,
        body: { sealed: blob(300), signature: signedBy(other.accountId) },
      });
      expectProblem(reseal, 404, "link-not-found");
      const all = await other.client.call("POST", "/v1/share-links:revokeAll", {
        token: other.token,
        body: {},
      });
      expect(all.body).toEqual({ revoked: 0 });
    }
    expect((await openLink(reader(), link.id, link.access)).status).toBe(200);
  });

  it("needs a session for the owner's operations (401 with the bearer challenge)", async () => {
    const anyone = new Client();
    const calls = [
      anyone.call("GET", "/v1/share-links"),
      anyone.call("DELETE", `/v1/share-links/${linkBody(await signUp()).body.id}`),
      anyone.call("POST", "/v1/share-links:revokeAll", { body: {} }),
    ];
    for (const res of await Promise.all(calls)) {
      expectProblem(res, 401, "no-session");
      expect(res.headers.get("www-authenticate")).toContain("Bearer");
    }
  });
});

describe("ending a share link", () => {
  it("serves the last allowed view, then answers 410 link-used-up and releases its bytes", async () => {
    const owner = await sharer();
    const { id: noteId } = await newNote(owner);
    const before = await usage(owner);
    const link = await makeLink(owner, noteId, { maxViews: 2 });
    expect((await openLink(reader(), link.id, link.access)).body).toMatchObject({ views: 1 });
    expect((await openLink(reader(), link.id, link.access)).body).toMatchObject({ views: 2 });
    expectProblem(await openLink(reader(), link.id, link.access), GONE, "link-used-up");
    expectProblem(await probeLink(reader(), link.id), GONE, "link-used-up");
    const [listed] = await listLinks(owner);
    expect(listed).toMatchObject({ state: "used-up", views: 2, bytes: 0 });
    expect(listed).not.toHaveProperty("ownerKeys");
    expect((await usage(owner)).accountBytes).toBe(before.accountBytes);
  });

  it("revokes one (410 link-revoked, again a no-op) or all, releasing their bytes", async () => {
    const owner = await sharer();
    const { id: noteId } = await newNote(owner);
    const { id: otherNote } = await newNote(owner);
    const before = await usage(owner);
    const one = await makeLink(owner, noteId);
    const two = await makeLink(owner, noteId);
    const three = await makeLink(owner, otherNote);

    const revoked = await owner.client.call("DELETE", `/v1/share-links/${one.id}`, {
      token: owner.token,
    });
    expect(revoked.status).toBe(204);
    expectNoBody(revoked);
    expect(
      (await owner.client.call("DELETE", `/v1/share-links/${one.id}`, { token: owner.token }))
        .status,
    ).toBe(204);
    expectProblem(await openLink(reader(), one.id, one.access), GONE, "link-revoked");
    expectProblem(await probeLink(reader(), one.id), GONE, "link-revoked");
    expect((await openLink(reader(), two.id, two.access)).status).toBe(200);

    const ofNote = await owner.client.call("POST", "/v1/share-links:revokeAll", {
      token: owner.token,
      body: { noteId },
    });
    expect(ofNote.body).toEqual({ revoked: 1 });
    expectProblem(await openLink(reader(), two.id, two.access), GONE, "link-revoked");
    expect((await openLink(reader(), three.id, three.access)).status).toBe(200);
    const all = await owner.client.call("POST", "/v1/share-links:revokeAll", {
      token: owner.token,
      body: {},
    });
    expect(all.body).toEqual({ revoked: 1 });
    expectProblem(await openLink(reader(), three.id, three.access), GONE, "link-revoked");
    const states = (await listLinks(owner)).map((l) => [l.id, l.state, l.bytes]);
    expect(states).toEqual([
      [three.id, "revoked", 0],
      [two.id, "revoked", 0],
      [one.id, "revoked", 0],
    ]);
    expect((await usage(owner)).accountBytes).toBe(before.accountBytes);
  });

  it("ends with the note: deleting it revokes its links", async () => {
    const owner = await sharer();
    const { id: noteId } = await newNote(owner);
    const before = await usage(owner);
    const link = await makeLink(owner, noteId);
    const deleted = await owner.client.call("DELETE", `/v1/notes/${noteId}`, {
      token: owner.token,
    });
    expect(deleted.status).toBe(204);
    expectProblem(await openLink(reader(), link.id, link.access), GONE, "link-revoked");
    expect((await usage(owner)).accountBytes).toBeLessThan(before.accountBytes);
    expect((await listLinks(owner))[0]).toMatchObject({ state: "revoked", bytes: 0 });
    expectProblem(await postLink(owner, noteId, linkBody(owner).body), GONE, "note-deleted");
  });
});

describe("a following link", () => {
  it("takes new content from its owner; a snapshot link does not (409), an ended one answers 410", async () => {
    const owner = await sharer();
    const { id: noteId } = await newNote(owner);
    const follow = await makeLink(owner, noteId, { mode: "follow" });
    const snapshot = await makeLink(owner, noteId);
    const before = await usage(owner);
    const content = { sealed: blob(500), signature: signedBy(owner.accountId) };
    const put = (id: string, body = content) =>
      owner.client.call("PUT", `/v1/share-links/${id}/content`, { token: owner.token, body });

    const resealed = await put(follow.id);
    expect(resealed.status, resealed.text).toBe(204);
    expect((await openLink(reader(), follow.id, follow.access)).body).toMatchObject(content);
    expect((await usage(owner)).accountBytes).toBe(before.accountBytes + 200);
    expectProblem(await put(snapshot.id), 409, "link-not-following");
    const notMine = await put(follow.id, {
      sealed: blob(500),
      signature: signedBy((await signUp()).accountId),
    });
    expectProblem(notMine, 400, "invalid-request");
    await owner.client.call("DELETE", `/v1/share-links/${follow.id}`, { token: owner.token });
    expectProblem(await put(follow.id), GONE, "link-revoked");
  });
});

describe("limits", () => {
  it("keeps a free account to 10 live links (402 link-limit); ended links and premium do not count", async () => {
    const owner = await sharer();
    const { id: noteId } = await newNote(owner);
    const links = [];
    for (let i = 0; i < 10; i++) links.push(await makeLink(owner, noteId));
    expectProblem(await postLink(owner, noteId, linkBody(owner).body), 402, "link-limit");
    const first = links[0];
    if (!first) throw new Error("no link");
    await owner.client.call("DELETE", `/v1/share-links/${first.id}`, { token: owner.token });
    await makeLink(owner, noteId);
    await grantComplimentary(owner.handle);
    await makeLink(owner, noteId);
  });

  it("limits reads per address (30 a minute) and per link (120 a minute), with Retry-After", async () => {
    const owner = await sharer();
    const { id: noteId } = await newNote(owner);
    const link = await makeLink(owner, noteId);
    const anyone = reader();
    for (let i = 0; i < 30; i++) expect((await probeLink(anyone, link.id)).status).toBe(200);
    const limited = await openLink(anyone, link.id, link.access);
    expectProblem(limited, 429, "rate-limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address still reads: the link's own limit (120 a minute) is not reached.
    expect((await openLink(reader(), link.id, link.access)).status).toBe(200);
    // The link's own limit holds whatever the address: 31 hits so far.
    for (let i = 0; i < 89; i++) expect((await probeLink(reader(), link.id)).status).toBe(200);
    expectProblem(await probeLink(reader(), link.id), 429, "rate-limited");
  });

  it("limits wrong access keys per link (20 an hour), whatever the address", async () => {
    const owner = await sharer();
    const { id: noteId } = await newNote(owner);
    const link = await makeLink(owner, noteId, { kdfIterations: 600_000 });
    for (let i = 0; i < 20; i++)
      expectProblem(
        await openLink(reader(), link.id, b64(randomBytes(32))),
        403,
        "link-access-refused",
      );
    const limited = await openLink(reader(), link.id, link.access);
    expectProblem(limited, 429, "rate-limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe.runIf(mode === "postgres")("share link expiry", () => {
  const expire = (id: string) =>
    onPostgres(
      (sql) =>
        sql`update share_links set expires_at = now() - interval '1 second' where id = ${id}`,
    );

  it("answers 410 link-expired once the expiry passed, and the list erases it", async () => {
    const owner = await sharer();
    const { id: noteId } = await newNote(owner);
    const before = await usage(owner);
    const link = await makeLink(owner, noteId, { expiresIn: 3600, mode: "follow" });
    await expire(link.id);
    expectProblem(await probeLink(reader(), link.id), GONE, "link-expired");
    expectProblem(await openLink(reader(), link.id, link.access), GONE, "link-expired");
    const reseal = await owner.client.call("PUT", `/v1/share-links/${link.id}/content`, {
      token: owner.token,
      body: { sealed: blob(300), signature: signedBy(owner.accountId) },
    });
    expectProblem(reseal, GONE, "link-expired");
    expect((await listLinks(owner))[0]).toMatchObject({ state: "expired", bytes: 0 });
    expect((await usage(owner)).accountBytes).toBe(before.accountBytes);
  });
});
