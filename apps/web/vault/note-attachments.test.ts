// The web app's uploads (issue 36) against the SDK's in-memory attachment server: an
// upload cut off by a failing connection is kept in this browser, sealed (no byte of
// the file in plaintext), and a fresh NoteAttachments (as after a reload) resumes it,
// sending only the chunks the server lacks; a refusal for good is not kept.
import "fake-indexeddb/auto";
import { createApiClient, type OpenNote } from "@notes/client";
import { describe, expect, it } from "vitest";
import { attachmentServer } from "../../../packages/client/test/support/hostile-server/attachment-server";
import { NoteAttachments } from "./note-attachments";
import { PendingUploads } from "./pending-uploads";
import { uploadKeeper } from "./upload-keeper";

const NOTE = "7d444840-9dc0-11d1-b245-5ffdce74fad2";
const MiB = 1024 * 1024;

function host(server: ReturnType<typeof attachmentServer>) {
  const note = { id: NOTE, cek: new Uint8Array(32).fill(9), formerCeks: [], role: "owner" };
  return {
    api: createApiClient({ baseUrl: "http://x", fetch: server.fetch }),
    note: () => note as unknown as OpenNote,
    openNote: async () => note as unknown as OpenNote,
    masterKey: () => new Uint8Array(32).fill(4),
  };
}

/** A problem+json answer, as the server gives one. */
const problem = (slug: string, title: string, status: number) =>
  new Response(JSON.stringify({ type: `http://x/problems/${slug}`, title, status }), {
    status,
    headers: { "Content-Type": "application/problem+json" },
  });

describe("uploads in the web app", () => {
  it("keeps an interrupted upload sealed, and a reload resumes it from the missing chunks", async () => {
    const server = attachmentServer();
    const bytes = new Uint8Array(3 * MiB).fill(0x5a);
    const id = crypto.randomUUID();
    server.failPutsAfter = 1;
    const before = new NoteAttachments(host(server));
    await before.upload(NOTE, id, new File([bytes], "scan.pdf", { type: "application/pdf" }));
    expect(before.get(id).problem).toMatch(/^Upload paused/);
    expect(before.get(id).state).toBe("uploading");

    const pending = new PendingUploads();
    const [kept] = await pending.all();
    expect(kept).toMatchObject({ attachmentId: id, noteId: NOTE, name: "scan.pdf", size: 3 * MiB });
    // Kept in one piece (under 8 MiB), with no run of the file's 0x5a in it.
    expect(kept?.pieces).toBe(1);
    const piece = await pending.piece(id, 0);
    expect(piece?.length).toBe(3 * MiB + 40);
    expect(Buffer.from(piece as Uint8Array).toString("hex")).not.toContain("5a5a5a5a5a5a");

    server.failPutsAfter = undefined;
    const sentBefore = server.puts.length;
    const after = new NoteAttachments(host(server));
    await after.resumePending();
    expect(after.get(id).state).toBe("complete");
    expect(after.get(id).metadata).toMatchObject({ name: "scan.pdf", size: 3 * MiB });
    expect(server.puts.slice(sentBefore)).toHaveLength(3 - sentBefore);
    expect(new Set(server.puts).size).toBe(3);
    expect(await pending.all()).toEqual([]);
    expect(await pending.piece(id, 0)).toBeUndefined();
  });

  it("gives up at once on a refusal for good, and keeps nothing", async () => {
    const server = attachmentServer();
    const refusing = {
      ...server,
      fetch: async (url: string, init: RequestInit) =>
        init.method === "POST" && url.endsWith("/attachments")
          ? problem("free-storage-full", "Free storage full", 402)
          : server.fetch(url, init),
    };
    const attachments = new NoteAttachments(host(refusing));
    const id = crypto.randomUUID();
    await attachments.upload(
      NOTE,
      id,
      new File([new Uint8Array(10)], "a.txt", { type: "text/plain" }),
    );
    expect(attachments.get(id).problem).toBe("Not uploaded: your storage is full.");
    expect(await new PendingUploads().all()).toEqual([]);
  });

  it("sends a file the browser will not keep (a private window's quota) all the same", async () => {
    const server = attachmentServer();
    const keeper = {
      ...uploadKeeper(),
      keep: async () => Promise.reject(new Error("QuotaExceeded")),
    };
    const attachments = new NoteAttachments(host(server), keeper);
    const id = crypto.randomUUID();
    await attachments.upload(
      NOTE,
      id,
      new File([new Uint8Array(10)], "a.txt", { type: "text/plain" }),
    );
    expect(attachments.get(id)).toMatchObject({ state: "complete", problem: undefined });
    expect(server.puts).toHaveLength(1);
  });

  it("a cancel while the file is being kept sends nothing, and keeps nothing", async () => {
    const server = attachmentServer();
    let kept: () => void = () => {};
    const keeper = uploadKeeper();
    const slow = {
      ...keeper,
      keep: async (...args: Parameters<typeof keeper.keep>) => {
        await new Promise<void>((resolve) => {
          kept = resolve;
        });
        await keeper.keep(...args);
      },
    };
    const attachments = new NoteAttachments(host(server), slow);
    const id = crypto.randomUUID();
    const uploading = attachments.upload(
      NOTE,
      id,
      new File([new Uint8Array(10)], "a.txt", { type: "text/plain" }),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(attachments.get(id).state).toBe("uploading");
    await attachments.cancel(NOTE, id);
    kept();
    await uploading;
    expect(attachments.get(id).state).toBe("cancelled");
    expect(server.puts).toHaveLength(0);
    expect(server.records.size).toBe(0);
    expect(await new PendingUploads().all()).toEqual([]);
  });

  it("a file added to a note the server does not know yet waits for the note, then uploads", async () => {
    const server = attachmentServer();
    let refusals = 2;
    const notYet = {
      ...server,
      // The note's own create is still on its way from the outbox: the first two tries
      // to create the file are answered "note not found".
      fetch: async (url: string, init: RequestInit) =>
        init.method === "POST" && url.endsWith("/attachments") && refusals-- > 0
          ? problem("note-not-found", "Note not found", 404)
          : server.fetch(url, init),
    };
    const attachments = new NoteAttachments(host(notYet));
    const id = crypto.randomUUID();
    await attachments.upload(
      NOTE,
      id,
      new File([new Uint8Array(10)], "shelf.png", { type: "image/png" }),
    );
    expect(refusals).toBe(-1);
    expect(attachments.get(id)).toMatchObject({ state: "complete", problem: undefined });
    expect(server.records.size).toBe(1);
    expect(await new PendingUploads().all()).toEqual([]);
  });

  it("a cancel while waiting for the note ends the wait, and creates nothing", async () => {
    const server = attachmentServer();
    let creates = 0;
    const never = {
      ...server,
      fetch: async (url: string, init: RequestInit) => {
        if (init.method === "POST" && url.endsWith("/attachments")) {
          creates++;
          return problem("note-not-found", "Note not found", 404);
        }
        return server.fetch(url, init);
      },
    };
    const attachments = new NoteAttachments(host(never));
    const id = crypto.randomUUID();
    const uploading = attachments.upload(
      NOTE,
      id,
      new File([new Uint8Array(10)], "a.txt", { type: "text/plain" }),
    );
    await expect.poll(() => creates).toBe(1);
    await attachments.cancel(NOTE, id);
    await uploading;
    expect(creates).toBe(1);
    expect(attachments.get(id).state).toBe("cancelled");
    expect(await new PendingUploads().all()).toEqual([]);
  });
});
