// Issue 36: a server that tampers with attachments. Every chunk is sealed with the
// attachment id, its index and a last-chunk flag as associated data, and the file key
// with the note and attachment ids, so a server that swaps, reorders, drops or
// truncates chunks, or serves a file key from another note, is refused; nothing of
// the tampered file reaches the caller as if it were the file.
import { DecryptionFailed, InvalidAttachment, loadSodium, type Sodium } from "@notes/crypto";
import { beforeAll, describe, expect, it } from "vitest";
import {
  attachmentServer,
  type StoredRecord,
} from "../../test/support/hostile-server/attachment-server";
import { FIXED_CEK, NOTE_ID } from "../../test/support/test-keys";
import { createApiClient } from "../api/client";
import { downloadAttachment, openAttachment } from "../attachments/download";
import { uploadAttachment } from "../attachments/upload";

/** Bytes as hex: toEqual walks a megabyte array element by element, for seconds. */
const hexOf = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");

let sodium: Sodium;
beforeAll(async () => {
  sodium = await loadSodium();
});

const CHUNK = 4096;
const OTHER_NOTE = "3f1c2a9e-4b5d-4e6f-8a7b-9c0d1e2f3a4b";

/** A file of `size` bytes uploaded in 4 KiB chunks; answers the server and a download of it. */
async function uploaded(size = 3 * CHUNK + 500) {
  const server = attachmentServer();
  const api = createApiClient({ baseUrl: "http://x", fetch: server.fetch });
  const bytes = Uint8Array.from({ length: size }, (_, i) => (i * 7) & 0xff);
  const opened = await uploadAttachment(
    api,
    sodium,
    NOTE_ID,
    FIXED_CEK,
    new Blob([bytes]),
    { name: "scan.pdf", type: "application/pdf" },
    { chunkBytes: CHUNK },
  );
  const download = async () =>
    downloadAttachment(
      api,
      sodium,
      await openAttachment(api, sodium, NOTE_ID, [FIXED_CEK], opened.record.id),
    );
  return { server, api, bytes, id: opened.record.id, download };
}

describe("a hostile server tampering with attachments (issue 36)", () => {
  it("an honest server gives the file back byte for byte", async () => {
    const { bytes, download } = await uploaded();
    expect(hexOf(await download())).toBe(hexOf(bytes));
  });

  it("refuses a chunk swapped in from another attachment", async () => {
    const { server, id, download } = await uploaded();
    const other = await uploaded();
    server.serveChunk = (a, i) =>
      i === 1 ? other.server.chunks.get(`${other.id}/1`) : server.chunks.get(`${a}/${i}`);
    await expect(download()).rejects.toThrow(DecryptionFailed);
    expect(server.chunks.has(`${id}/1`)).toBe(true);
  });

  it("refuses chunks served in another order", async () => {
    const { server, download } = await uploaded();
    server.serveChunk = (a, i) => server.chunks.get(`${a}/${i === 1 ? 2 : i === 2 ? 1 : i}`);
    await expect(download()).rejects.toThrow(DecryptionFailed);
  });

  it("refuses a stream cut short: a middle chunk served as the last", async () => {
    const { server, download } = await uploaded();
    // The record claims three chunks (and their size) where there are four: the sealed
    // metadata lays out four, so the shape itself is refused.
    server.serveRecord = (r: StoredRecord) => ({
      ...r,
      chunkCount: r.chunkCount - 1,
      size: r.size - (r.size - r.chunkSize * (r.chunkCount - 1)),
    });
    await expect(download()).rejects.toThrow(InvalidAttachment);
  });

  it("refuses a truncated file even when the record is left as it was", async () => {
    const { server, download } = await uploaded();
    // Chunk 2 (not the last) served in place of the last one: its flag says "not last".
    server.serveChunk = (a, i) => server.chunks.get(`${a}/${i === 3 ? 2 : i}`);
    await expect(download()).rejects.toThrow(DecryptionFailed);
  });

  it("refuses a chunk that does not arrive instead of returning a shorter file", async () => {
    const { server, download } = await uploaded();
    server.serveChunk = (a, i) => (i === 3 ? undefined : server.chunks.get(`${a}/${i}`));
    await expect(download()).rejects.toThrow();
  });

  it("refuses a file key wrapped for another note", async () => {
    const { server, id, api } = await uploaded();
    const foreign = await uploaded();
    // The same content key, but the wrap was made for the attachment under OTHER_NOTE.
    const elsewhere = attachmentServer();
    const elsewhereApi = createApiClient({ baseUrl: "http://x", fetch: elsewhere.fetch });
    const moved = await uploadAttachment(
      elsewhereApi,
      sodium,
      OTHER_NOTE,
      FIXED_CEK,
      new Blob([new Uint8Array(10)]),
      { name: "x", type: "" },
      { chunkBytes: CHUNK, attachmentId: id },
    );
    server.serveRecord = (r) => ({ ...r, wrappedKey: moved.record.wrappedKey });
    await expect(openAttachment(api, sodium, NOTE_ID, [FIXED_CEK], id)).rejects.toThrow(
      DecryptionFailed,
    );
    // And another attachment's wrap in the same note does not open as this one's.
    server.serveRecord = (r) => ({
      ...r,
      wrappedKey: foreign.server.records.get(foreign.id)?.wrappedKey ?? "",
    });
    await expect(openAttachment(api, sodium, NOTE_ID, [FIXED_CEK], id)).rejects.toThrow(
      DecryptionFailed,
    );
  });

  it("refuses metadata moved from another attachment", async () => {
    const { server, id, api } = await uploaded();
    const other = await uploaded(100);
    server.serveRecord = (r) => ({
      ...r,
      metadata: other.server.records.get(other.id)?.metadata ?? "",
    });
    await expect(openAttachment(api, sodium, NOTE_ID, [FIXED_CEK], id)).rejects.toThrow(
      DecryptionFailed,
    );
  });
});
