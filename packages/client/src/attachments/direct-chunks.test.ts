// Direct transfer (issue 36) against the in-memory server and its fake object store:
// chunks go to and come from the store's presigned URLs in batches, raw and without
// credentials; a store the client cannot reach falls back to the chunk routes; what the
// store serves is checked as the chunk route's is (a swapped chunk is refused); a URL
// that is not http(s) is refused.
import { DecryptionFailed, InvalidAttachment, loadSodium, type Sodium } from "@notes/crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { attachmentServer } from "../../test/support/hostile-server/attachment-server";
import { FIXED_CEK, NOTE_ID } from "../../test/support/test-keys";
import { createApiClient } from "../api/client";
import { downloadAttachment, openAttachment } from "./download";
import { type TransferOptions, uploadAttachment } from "./upload";

const hexOf = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");
const CHUNK = 4096;
const fileOf = (size: number): Uint8Array<ArrayBuffer> =>
  Uint8Array.from({ length: size }, (_, i) => (i * 7 + 3) & 0xff);

let sodium: Sodium;
beforeAll(async () => {
  sodium = await loadSodium();
});

function setUp() {
  const server = attachmentServer({ direct: true });
  const api = createApiClient({ baseUrl: "http://x", fetch: server.fetch, token: "secret" });
  const upload = (bytes: Uint8Array<ArrayBuffer>, options: TransferOptions = {}) =>
    uploadAttachment(
      api,
      sodium,
      NOTE_ID,
      FIXED_CEK,
      new Blob([bytes]),
      { name: "a.bin", type: "" },
      { chunkBytes: CHUNK, fetchStore: server.fetch, ...options },
    );
  const download = async (id: string, options: TransferOptions = {}) =>
    downloadAttachment(api, sodium, await openAttachment(api, sodium, NOTE_ID, [FIXED_CEK], id), {
      fetchStore: server.fetch,
      ...options,
    });
  return { server, upload, download };
}

describe("chunks straight to and from the object store", () => {
  it("sends and reads every chunk at its presigned URL, raw, URLs asked in batches, no credentials", async () => {
    const { server, upload, download } = setUp();
    const bytes = fileOf(40 * CHUNK + 5);
    const opened = await upload(bytes);
    const count = opened.record.chunkCount;
    expect(count).toBeGreaterThan(32);
    expect(opened.record.state).toBe("complete");
    expect(server.puts).toEqual([]);
    expect(server.storePuts).toHaveLength(count);
    // One request asks for up to 32 chunks' URLs.
    expect(server.presigned.length).toBeLessThanOrEqual(Math.ceil(count / 32) + 2);
    expect(server.presigned.flat().sort((a, b) => a - b)).toEqual(
      Array.from({ length: count }, (_, i) => i),
    );
    server.presigned.length = 0;
    expect(hexOf(await download(opened.record.id))).toBe(hexOf(bytes));
    expect(server.storeGets).toHaveLength(count);
    expect(server.presigned.length).toBeLessThanOrEqual(Math.ceil(count / 32) + 2);
    expect(server.credentialsSeen).toBe(0);
  });

  it("goes through the chunk routes when the store cannot be reached (a CORS refusal)", async () => {
    const { server, upload, download } = setUp();
    const bytes = fileOf(5 * CHUNK);
    server.storeUnreachable = true;
    const opened = await upload(bytes);
    expect(opened.record.state).toBe("complete");
    expect(server.storePuts).toEqual([]);
    expect(server.puts).toHaveLength(opened.record.chunkCount);
    expect(hexOf(await download(opened.record.id))).toBe(hexOf(bytes));
    expect(server.storeGets).toEqual([]);
  });

  it("goes through the chunk routes when the server stops presigning mid-transfer", async () => {
    const { server, upload } = setUp();
    const bytes = fileOf(6 * CHUNK);
    const opened = await upload(bytes);
    // The record this client holds still says directTransfer; the server now refuses
    // to presign (409 direct-transfer-unavailable).
    for (const record of server.records.values()) delete record.directTransfer;
    const api = createApiClient({ baseUrl: "http://x", fetch: server.fetch });
    const back = await downloadAttachment(api, sodium, opened, { fetchStore: server.fetch });
    expect(hexOf(back)).toBe(hexOf(bytes));
    expect(server.storeGets).toEqual([]);
  });

  it("goes through the chunk routes when asked to (direct: false)", async () => {
    const { server, upload, download } = setUp();
    const bytes = fileOf(3 * CHUNK);
    const opened = await upload(bytes, { direct: false });
    expect(server.storePuts).toEqual([]);
    expect(server.presigned).toEqual([]);
    expect(hexOf(await download(opened.record.id, { direct: false }))).toBe(hexOf(bytes));
    expect(server.storeGets).toEqual([]);
  });

  it("refuses a chunk the store serves from another place", async () => {
    const { server, upload, download } = setUp();
    const opened = await upload(fileOf(4 * CHUNK));
    const id = opened.record.id;
    server.serveChunk = (attachment, index) =>
      server.chunks.get(`${attachment}/${index === 1 ? 2 : index === 2 ? 1 : index}`);
    await expect(download(id)).rejects.toThrow(DecryptionFailed);
    expect(server.storeGets.length).toBeGreaterThan(0);
  });

  it("refuses a presigned URL that is not http(s), sending nothing to it", async () => {
    const { server } = setUp();
    const serverFetch = server.fetch;
    server.fetch = async (url, init) => {
      const answer = await serverFetch(url, init);
      if (!url.endsWith(":presign")) return answer;
      const body = await answer.json();
      for (const chunk of body.chunks) chunk.url = `file:///etc/${chunk.index}`;
      return new Response(JSON.stringify(body), {
        headers: { "Content-Type": "application/json" },
      });
    };
    const api = createApiClient({ baseUrl: "http://x", fetch: server.fetch });
    await expect(
      uploadAttachment(
        api,
        sodium,
        NOTE_ID,
        FIXED_CEK,
        new Blob([fileOf(2 * CHUNK)]),
        { name: "a", type: "" },
        { chunkBytes: CHUNK, fetchStore: server.fetch },
      ),
    ).rejects.toThrow(InvalidAttachment);
    expect(server.storePuts).toEqual([]);
  });
});
