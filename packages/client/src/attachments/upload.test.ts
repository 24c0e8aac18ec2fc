// Uploading and downloading through the SDK (issue 36) against the in-memory server:
// progress, cancel and resume (only the missing chunks go again), stream sources and
// sinks, rename, and rotation re-wrapping file keys without touching a chunk.
import {
  DEFAULT_CHUNK_BYTES,
  generateKey,
  loadSodium,
  type Sodium,
  sealChunk,
  toBase64,
} from "@notes/crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { attachmentServer } from "../../test/support/hostile-server/attachment-server";
import { FIXED_CEK, NOTE_ID } from "../../test/support/test-keys";
import { createApiClient } from "../api/client";
import { renameAttachment, rewrapAttachmentKeys } from "./change";
import { attachmentStream, downloadAttachment, openAttachment } from "./download";
import { resumeUpload, type TransferProgress, uploadAttachment } from "./upload";

/** Bytes as hex: toEqual walks a megabyte array element by element, for seconds. */
const hexOf = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");

let sodium: Sodium;
beforeAll(async () => {
  sodium = await loadSodium();
});

const CHUNK = 4096;
const fileOf = (size: number) => Uint8Array.from({ length: size }, (_, i) => (i * 13 + 5) & 0xff);

function setUp() {
  const server = attachmentServer();
  const api = createApiClient({ baseUrl: "http://x", fetch: server.fetch });
  const download = async (id: string, keys: Uint8Array[] = [FIXED_CEK]) =>
    downloadAttachment(api, sodium, await openAttachment(api, sodium, NOTE_ID, keys, id));
  return { server, api, download };
}

describe("uploading an attachment", () => {
  it("reports progress up to the file's size and finishes the upload", async () => {
    const { server, api, download } = setUp();
    const bytes = fileOf(5 * CHUNK + 1);
    const seen: TransferProgress[] = [];
    const opened = await uploadAttachment(
      api,
      sodium,
      NOTE_ID,
      FIXED_CEK,
      new Blob([bytes]),
      { name: "photo.jpg", type: "image/jpeg" },
      { chunkBytes: CHUNK, onProgress: (p) => seen.push(p) },
    );
    expect(opened.record.state).toBe("complete");
    expect(opened.metadata).toMatchObject({
      name: "photo.jpg",
      type: "image/jpeg",
      size: bytes.length,
    });
    expect(seen[0]).toEqual({ done: 0, total: bytes.length });
    expect(seen.at(-1)).toEqual({ done: bytes.length, total: bytes.length });
    expect(seen.map((p) => p.done)).toEqual([...seen.map((p) => p.done)].sort((a, b) => a - b));
    // Padmé: 20481 bytes are stored as 20992, in six chunks.
    expect(server.records.get(opened.record.id)?.chunkCount).toBe(6);
    expect(hexOf(await download(opened.record.id))).toBe(hexOf(bytes));
  });

  it("seals each chunk with the sealer given (a worker's, in the web app), in any order it answers", async () => {
    const { api, download } = setUp();
    const bytes = fileOf(3 * CHUNK + 7);
    const asked: string[] = [];
    const opened = await uploadAttachment(
      api,
      sodium,
      NOTE_ID,
      FIXED_CEK,
      new Blob([bytes]),
      { name: "scan.pdf", type: "application/pdf" },
      {
        chunkBytes: CHUNK,
        sealChunk: async ({ fileKey, attachmentId, index, last, plaintext }) => {
          asked.push(`${index}${last ? " last" : ""}`);
          // Answers out of order, as a busy worker may.
          await new Promise((resolve) => setTimeout(resolve, (4 - index) * 5));
          return toBase64(sealChunk(sodium, fileKey, attachmentId, index, last, plaintext));
        },
      },
    );
    expect(asked).toEqual(["0", "1", "2", "3 last"]);
    expect(hexOf(await download(opened.record.id))).toBe(hexOf(bytes));
  });

  it("cancels between chunks, and resumes by sending only the chunks still missing", async () => {
    const { server, api, download } = setUp();
    const bytes = fileOf(8 * CHUNK);
    const controller = new AbortController();
    let id = "";
    const upload = uploadAttachment(
      api,
      sodium,
      NOTE_ID,
      FIXED_CEK,
      new Blob([bytes]),
      { name: "big.bin", type: "" },
      {
        chunkBytes: CHUNK,
        parallel: 1,
        onCreated: (record) => {
          id = record.id;
        },
        onProgress: ({ done }) => {
          if (done >= 3 * CHUNK) controller.abort();
        },
        signal: controller.signal,
      },
    );
    await expect(upload).rejects.toThrow(/abort/i);
    const sent = server.puts.length;
    expect(sent).toBeGreaterThanOrEqual(3);
    expect(sent).toBeLessThan(8);
    expect(server.records.get(id)?.state).toBe("uploading");

    const resumed = await resumeUpload(api, sodium, NOTE_ID, [FIXED_CEK], id, new Blob([bytes]), {
      parallel: 2,
    });
    expect(resumed.record.state).toBe("complete");
    // Each chunk went exactly once across the two runs.
    expect(new Set(server.puts).size).toBe(server.puts.length);
    expect(server.puts).toHaveLength(8);
    expect(hexOf(await download(id))).toBe(hexOf(bytes));
  });

  it("resumes after the connection drops mid-upload", async () => {
    const { server, api, download } = setUp();
    const bytes = fileOf(6 * CHUNK - 3);
    server.failPutsAfter = 2;
    let id = "";
    await expect(
      uploadAttachment(
        api,
        sodium,
        NOTE_ID,
        FIXED_CEK,
        new Blob([bytes]),
        { name: "a", type: "" },
        {
          chunkBytes: CHUNK,
          onCreated: (r) => {
            id = r.id;
          },
        },
      ),
    ).rejects.toThrow();
    server.failPutsAfter = undefined;
    await resumeUpload(api, sodium, NOTE_ID, [FIXED_CEK], id, new Blob([bytes]));
    expect(hexOf(await download(id))).toBe(hexOf(bytes));
  });

  it("takes a stream of known length and gives one back", async () => {
    const { api } = setUp();
    const bytes = fileOf(3 * CHUNK + 17);
    const stream = new Blob([bytes]).stream();
    const opened = await uploadAttachment(
      api,
      sodium,
      NOTE_ID,
      FIXED_CEK,
      { size: bytes.length, stream },
      { name: "s", type: "text/plain" },
      { chunkBytes: CHUNK },
    );
    const back = await new Response(attachmentStream(api, sodium, opened)).arrayBuffer();
    expect(hexOf(new Uint8Array(back))).toBe(hexOf(bytes));
  });

  it("uploads an empty file and a file of the default 1 MiB chunks", async () => {
    const { api, download } = setUp();
    const empty = await uploadAttachment(api, sodium, NOTE_ID, FIXED_CEK, new Blob([]), {
      name: "empty",
      type: "",
    });
    expect(hexOf(await download(empty.record.id))).toBe(hexOf(new Uint8Array(0)));
    const bytes = fileOf(DEFAULT_CHUNK_BYTES + 5);
    const big = await uploadAttachment(api, sodium, NOTE_ID, FIXED_CEK, new Blob([bytes]), {
      name: "big",
      type: "",
    });
    expect(big.record.chunkCount).toBe(2);
    expect(hexOf(await download(big.record.id))).toBe(hexOf(bytes));
  });
});

describe("changing an attachment", () => {
  it("renames it under its own key", async () => {
    const { api } = setUp();
    const opened = await uploadAttachment(api, sodium, NOTE_ID, FIXED_CEK, new Blob(["hi"]), {
      name: "old.txt",
      type: "text/plain",
    });
    await renameAttachment(api, sodium, opened, "new.txt");
    const again = await openAttachment(api, sodium, NOTE_ID, [FIXED_CEK], opened.record.id);
    expect(again.metadata.name).toBe("new.txt");
  });

  it("re-wraps file keys under a rotated content key, never touching the chunks", async () => {
    const { server, api, download } = setUp();
    const bytes = fileOf(2 * CHUNK);
    const opened = await uploadAttachment(
      api,
      sodium,
      NOTE_ID,
      FIXED_CEK,
      new Blob([bytes]),
      { name: "a", type: "" },
      { chunkBytes: CHUNK },
    );
    const chunksBefore = new Map(server.chunks);
    const rotated = generateKey(sodium);
    expect(await rewrapAttachmentKeys(api, sodium, NOTE_ID, rotated, [FIXED_CEK])).toBe(1);
    expect(await rewrapAttachmentKeys(api, sodium, NOTE_ID, rotated, [FIXED_CEK])).toBe(0);
    expect(server.chunks).toEqual(chunksBefore);
    expect(hexOf(await download(opened.record.id, [rotated]))).toBe(hexOf(bytes));
  });
});
