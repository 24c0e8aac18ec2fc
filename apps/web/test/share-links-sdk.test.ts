// Share links with @notes/client against the real server (issue 37; docs/client-crypto.md,
// "Share links"): the owner makes a link from a note, a reader with no account opens it
// from the URL alone, and the link key never travels in any request. A password is
// needed when set and a wrong one is refused without a view; a following link shows the
// owner's re-sealed text; the owner lists (with the URL again) and revokes. A server that
// swaps what it serves is refused by the reader. A link's images (sealed file keys) are
// read byte for byte by the reader, and a server that swaps, reorders or cuts their
// chunks, or serves another file's metadata, is refused.
import { randomBytes } from "node:crypto";
import {
  type ApiClient,
  createApiClient,
  createNote,
  createShareLink,
  downloadSharedImage,
  isProblem,
  listShareLinks,
  openShareLink,
  probeShareLink,
  readShareLinkUrl,
  resealShareLinks,
  revokeShareLink,
  ShareLinkForged,
  signUp,
  uploadAttachment,
} from "@notes/client";
import { loadSodium } from "@notes/crypto";
import { describe, expect, it } from "vitest";
import { baseUrl, randomIp } from "./support/api";
import { sdkDevice } from "./support/sdk-device";

const TEXT = "# Packing\n\n- boots\n- **map**\n";

async function owner() {
  const seen: string[] = [];
  const api = sdkDevice((url, init) => seen.push(`${url} ${String(init.body ?? "")}`));
  const handle = `links_${randomBytes(6).toString("hex")}`;
  const { session } = await signUp(api, { identifier: handle, password: "pw for link tests" });
  const note = await createNote(api, session, { title: "Trip", tags: [], text: "Trip" });
  return { api, session, note, handle, seen };
}

/** A reader's client, optionally with a server in between that rewrites answers. */
function readerApi(
  seen: string[],
  rewrite?: (url: string, body: Record<string, unknown>) => Record<string, unknown>,
): ApiClient {
  const ip = randomIp();
  return createApiClient({
    baseUrl: baseUrl(),
    fetch: async (url, init) => {
      seen.push(`${url} ${String(init.body ?? "")}`);
      const res = await fetch(url, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), "X-Forwarded-For": ip },
      });
      if (!rewrite || !res.ok) return res;
      const body = rewrite(url, (await res.json()) as Record<string, unknown>);
      return new Response(JSON.stringify(body), { status: res.status, headers: res.headers });
    },
  });
}

/** Every textual form of the link key a request could carry it in. */
function keyForms(linkKey: Uint8Array): string[] {
  const key = Buffer.from(linkKey);
  return [key.toString("base64url"), key.toString("base64"), key.toString("hex")];
}

describe("share links with @notes/client", () => {
  it("lets a reader with no account open the URL; the key is in no request", async () => {
    const alice = await owner();
    const { link, url } = await createShareLink(alice.api, alice.session, {
      noteId: alice.note.id,
      title: "Trip ✈",
      text: TEXT,
      mode: "snapshot",
      maxViews: 3,
      origin: "https://notes.example",
    });
    expect(url).toMatch(new RegExp(`^https://notes\\.example/s/${link.id}#[A-Za-z0-9_-]{43}$`));
    const { id, linkKey } = readShareLinkUrl(url);
    expect(id).toBe(link.id);

    const readerSeen: string[] = [];
    const api = readerApi(readerSeen);
    expect(await probeShareLink(api, id)).toMatchObject({ passwordRequired: false });
    const opened = await openShareLink(api, { id, linkKey });
    expect(opened.content).toMatchObject({
      title: "Trip ✈",
      text: TEXT,
      sharedBy: { userId: alice.session.account.id, handle: alice.handle },
    });
    expect(opened).toMatchObject({ views: 1, maxViews: 3 });

    const listed = await listShareLinks(alice.api, alice.session, {
      noteId: alice.note.id,
      origin: "https://notes.example",
    });
    expect(listed).toEqual([expect.objectContaining({ id, url, views: 1, state: "live" })]);
    for (const request of [...alice.seen, ...readerSeen])
      for (const form of keyForms(linkKey)) expect(request).not.toContain(form);
  });

  it("needs the password when one is set; a wrong one is refused with no view counted", async () => {
    const alice = await owner();
    const { url } = await createShareLink(alice.api, alice.session, {
      noteId: alice.note.id,
      title: "Secret",
      text: "behind a password",
      mode: "snapshot",
      password: "open sesame ✓",
    });
    const { id, linkKey } = readShareLinkUrl(url);
    const api = readerApi([]);
    const probe = await probeShareLink(api, id);
    expect(probe).toMatchObject({ passwordRequired: true, kdfIterations: 600_000 });
    const without = await openShareLink(api, { id, linkKey }).catch((e: unknown) => e);
    expect(isProblem(without, "link-access-refused")).toBe(true);
    const wrong = await openShareLink(api, {
      id,
      linkKey,
      password: "open sesame",
      kdfIterations: probe.kdfIterations,
    }).catch((e: unknown) => e);
    expect(isProblem(wrong, "link-access-refused")).toBe(true);
    const right = await openShareLink(api, {
      id,
      linkKey,
      password: "open sesame ✓",
      kdfIterations: probe.kdfIterations,
    });
    expect(right.content.text).toBe("behind a password");
    expect(right.views).toBe(1);
    await expect(
      openShareLink(api, { id, linkKey, password: "open sesame ✓", kdfIterations: 1000 }),
    ).rejects.toMatchObject({ reason: "weak-kdf" });
  });

  it("follows the note when the owner re-seals it, and ends when revoked", async () => {
    const alice = await owner();
    const { link, url } = await createShareLink(alice.api, alice.session, {
      noteId: alice.note.id,
      title: "Draft",
      text: "first",
      mode: "follow",
    });
    const { id, linkKey } = readShareLinkUrl(url);
    const api = readerApi([]);
    expect((await openShareLink(api, { id, linkKey })).content.text).toBe("first");
    const resealed = await resealShareLinks(alice.api, alice.session, {
      id: alice.note.id,
      title: "Draft",
      text: "second",
    });
    expect(resealed).toBe(1);
    expect((await openShareLink(api, { id, linkKey })).content.text).toBe("second");
    await revokeShareLink(alice.api, link.id);
    const gone = await openShareLink(api, { id, linkKey }).catch((e: unknown) => e);
    expect(isProblem(gone, "link-revoked")).toBe(true);
  });

  it("refuses what a lying server serves instead of the owner's content", async () => {
    const alice = await owner();
    const made = (text: string) =>
      createShareLink(alice.api, alice.session, {
        noteId: alice.note.id,
        title: "Real",
        text,
        mode: "snapshot",
      });
    const real = readShareLinkUrl((await made("the owner's words")).url);
    const other = readShareLinkUrl((await made("other words")).url);
    // Another link's sealed content and signature, as the server holds them.
    let stolen: Record<string, unknown> = {};
    await openShareLink(
      readerApi([], (_url, body) => {
        stolen = body;
        return body;
      }),
      other,
    );
    const eve = await owner();
    const cases: [string, (body: Record<string, unknown>) => Record<string, unknown>][] = [
      ["unopenable", (body) => ({ ...body, sealed: stolen.sealed, signature: stolen.signature })],
      ["bad-signature", (body) => ({ ...body, signature: stolen.signature })],
      [
        "owner-mismatch",
        (body) => ({ ...body, owner: { id: eve.session.account.id, handle: eve.handle } }),
      ],
      [
        "owner-mismatch",
        (body) => ({
          ...body,
          owner: {
            ...(body.owner as object),
            signingPublicKey: Buffer.from(eve.session.signingKeyPair.publicKey).toString("base64"),
          },
        }),
      ],
    ];
    for (const [reason, lie] of cases) {
      const api = readerApi([], (url, body) => (url.includes(":open") ? lie(body) : body));
      const refused = await openShareLink(api, real).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(ShareLinkForged);
      expect(refused).toMatchObject({ reason });
    }
    // Untouched, the same link opens.
    expect((await openShareLink(readerApi([]), real)).content.text).toBe("the owner's words");
  });

  it("shows the note's images, opened with keys only the link carries; a lying server's are refused", async () => {
    const sodium = await loadSodium();
    const alice = await owner();
    const upload = (bytes: Buffer, name: string) =>
      uploadAttachment(
        alice.api,
        sodium,
        alice.note.id,
        alice.note.cek,
        new Blob([new Uint8Array(bytes)]),
        { name, type: "image/png" },
        { chunkBytes: 4096 },
      );
    const picture = randomBytes(5000);
    const image = await upload(picture, "ticket.png");
    const other = await upload(randomBytes(5000), "other.png");
    expect(image.record.chunkCount).toBe(2);
    const { url } = await createShareLink(alice.api, alice.session, {
      noteId: alice.note.id,
      title: "Trip",
      text: `![ticket.png](<attachment:${image.record.id}>)\n`,
      images: [{ id: image.record.id, key: image.fileKey }],
      mode: "snapshot",
    });
    const link = readShareLinkUrl(url);
    const readerSeen: string[] = [];
    const api = readerApi(readerSeen);
    const opened = await openShareLink(api, link);
    expect(opened.content.images).toEqual([{ id: image.record.id, key: image.fileKey }]);
    const shown = await downloadSharedImage(api, opened, image.record.id);
    expect(Buffer.from(shown.bytes).equals(picture)).toBe(true);
    expect(shown.metadata).toMatchObject({ name: "ticket.png", type: "image/png", size: 5000 });
    // Neither the link key nor the file key travels in any request.
    for (const request of [...alice.seen, ...readerSeen])
      for (const form of [...keyForms(link.linkKey), ...keyForms(image.fileKey)])
        expect(request).not.toContain(form);
    await expect(downloadSharedImage(api, opened, other.record.id)).rejects.toThrow(
      "shows no such image",
    );

    const chunkOf = async (attachmentId: string, index: number) =>
      (await alice.api.call("attachments.chunk", { id: alice.note.id, attachmentId, index })).data;
    const lies: [
      string,
      (url: string, body: Record<string, unknown>) => Record<string, unknown>,
    ][] = [
      [
        "another file's chunk",
        (url, body) => (url.includes("/chunks/0:read") ? { data: otherChunk } : body),
      ],
      [
        "chunks reordered",
        (url, body) =>
          url.includes("/chunks/0:read")
            ? { data: chunks[1] }
            : url.includes("/chunks/1:read")
              ? { data: chunks[0] }
              : body,
      ],
      [
        "cut short",
        (url, body) => {
          if (!url.includes(":open")) return body;
          const [first] = body.attachments as Record<string, unknown>[];
          return { ...body, attachments: [{ ...first, chunkCount: 1, size: 4096 + 40 }] };
        },
      ],
      [
        "another file's metadata",
        (url, body) => {
          if (!url.includes(":open")) return body;
          const [first] = body.attachments as Record<string, unknown>[];
          return { ...body, attachments: [{ ...first, metadata: other.record.metadata }] };
        },
      ],
    ];
    const otherChunk = await chunkOf(other.record.id, 0);
    const chunks = [await chunkOf(image.record.id, 0), await chunkOf(image.record.id, 1)];
    for (const [lie, rewrite] of lies) {
      const lying = readerApi([], rewrite);
      const refused = await openShareLink(lying, link)
        .then((served) => downloadSharedImage(lying, served, image.record.id))
        .catch((error: unknown) => error);
      expect((refused as Error).name, lie).toMatch(/^(DecryptionFailed|InvalidAttachment)$/);
    }
  });
});
