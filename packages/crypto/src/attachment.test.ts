// Attachments against the independent vectors (scripts/attachment-vectors.mjs) and the
// refusals the construction exists for: a chunk at another index, with the wrong
// last flag, from another file, and a file key under another note.
import { beforeAll, describe, expect, it } from "vitest";
import {
  attachmentLayout,
  chunkAssociatedData,
  DEFAULT_CHUNK_BYTES,
  fileKeyAssociatedData,
  metadataAssociatedData,
  openAttachmentMetadata,
  openChunk,
  sealAttachmentMetadata,
  sealChunk,
  unwrapFileKey,
  wrapFileKey,
} from "./attachment";
import { padMetadata, padmeLength, unpadMetadata } from "./attachment-padding";
import vectors from "./attachment-vectors.json";
import { fromBase64, toBase64 } from "./base64";
import { DecryptionFailed, InvalidAttachment } from "./errors";
import { loadSodium, type Sodium } from "./sodium";

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");

let sodium: Sodium;
beforeAll(async () => {
  sodium = await loadSodium();
});

const v = vectors;
const contentKey = fromBase64(v.contentKey);
const fileKey = fromBase64(v.fileKey);
const unhex = (h: string) => Uint8Array.from(Buffer.from(h, "hex"));

describe("attachment vectors", () => {
  it("wraps the file key under the content key as the vector says", () => {
    expect(hex(fileKeyAssociatedData(v.noteId, v.attachmentId))).toBe(v.keyWrap.associatedDataHex);
    expect(
      wrapFileKey(sodium, contentKey, v.noteId, v.attachmentId, fileKey, unhex(v.keyWrap.nonceHex)),
    ).toBe(v.keyWrap.wrappedKey);
    expect(
      unwrapFileKey(sodium, contentKey, v.noteId, v.attachmentId, v.keyWrap.wrappedKey),
    ).toEqual(fileKey);
  });

  it("seals the metadata, padded to 256 bytes, as the vector says", () => {
    const metadata = JSON.parse(v.metadata.json);
    expect(hex(metadataAssociatedData(v.attachmentId))).toBe(v.metadata.associatedDataHex);
    expect(
      sealAttachmentMetadata(sodium, fileKey, v.attachmentId, metadata, unhex(v.metadata.nonceHex)),
    ).toBe(v.metadata.sealed);
    expect(openAttachmentMetadata(sodium, fileKey, v.attachmentId, v.metadata.sealed)).toEqual(
      metadata,
    );
  });

  it("lays out and seals every chunk as the vector says, and opens them back to the file", () => {
    const c = v.content;
    const layout = attachmentLayout(c.size, c.chunkBytes);
    expect(layout).toEqual({
      paddedSize: c.paddedSize,
      chunkBytes: c.chunkBytes,
      chunkCount: c.chunkCount,
      sealedChunkBytes: c.chunkBytes + 40,
      sealedSize: c.sealedSize,
    });
    const padded = new Uint8Array(c.paddedSize);
    for (let i = 0; i < c.size; i++) padded[i] = i & 0xff;
    const opened: Uint8Array[] = [];
    for (const chunk of c.chunks) {
      expect(hex(chunkAssociatedData(v.attachmentId, chunk.index, chunk.last))).toBe(
        chunk.associatedDataHex,
      );
      const plaintext = padded.subarray(
        chunk.index * c.chunkBytes,
        chunk.index * c.chunkBytes + chunk.plaintextLength,
      );
      const sealed = sealChunk(
        sodium,
        fileKey,
        v.attachmentId,
        chunk.index,
        chunk.last,
        plaintext,
        unhex(chunk.nonceHex),
      );
      expect(toBase64(sealed)).toBe(chunk.sealed);
      opened.push(openChunk(sodium, fileKey, v.attachmentId, chunk.index, chunk.last, sealed));
    }
    expect(Buffer.concat(opened)).toEqual(Buffer.from(padded));
  });

  it("pads lengths with Padmé as the vector says", () => {
    for (const { length, padded } of v.padme) expect(padmeLength(length)).toBe(padded);
  });
});

describe("attachment refusals", () => {
  const chunk = (index: number) => fromBase64(v.content.chunks[index]?.sealed ?? "");
  const open = (index: number, last: boolean, sealed: Uint8Array, id = v.attachmentId) =>
    openChunk(sodium, fileKey, id, index, last, sealed);

  it("refuses a chunk served at another index (reordered or swapped)", () => {
    expect(() => open(0, false, chunk(1))).toThrow(DecryptionFailed);
    expect(() => open(1, false, chunk(0))).toThrow(DecryptionFailed);
  });

  it("refuses a stream cut short: a middle chunk is never accepted as the last", () => {
    expect(() => open(1, true, chunk(1))).toThrow(DecryptionFailed);
    expect(() => open(2, false, chunk(2))).toThrow(DecryptionFailed);
  });

  it("refuses a chunk of another attachment, even under the same key", () => {
    expect(() => open(0, false, chunk(0), "00000000-0000-4000-8000-000000000000")).toThrow(
      DecryptionFailed,
    );
  });

  it("refuses a file key wrapped for another note or another attachment", () => {
    const other = "11111111-2222-4333-8444-555555555555";
    expect(() =>
      unwrapFileKey(sodium, contentKey, other, v.attachmentId, v.keyWrap.wrappedKey),
    ).toThrow(DecryptionFailed);
    expect(() => unwrapFileKey(sodium, contentKey, v.noteId, other, v.keyWrap.wrappedKey)).toThrow(
      DecryptionFailed,
    );
  });

  it("refuses metadata of another attachment, and metadata that does not parse", () => {
    expect(() =>
      openAttachmentMetadata(
        sodium,
        fileKey,
        "11111111-2222-4333-8444-555555555555",
        v.metadata.sealed,
      ),
    ).toThrow(DecryptionFailed);
    const bad = sealAttachmentMetadata(sodium, fileKey, v.attachmentId, {
      name: "a",
      type: "",
      size: 1,
      chunkBytes: DEFAULT_CHUNK_BYTES,
    });
    expect(openAttachmentMetadata(sodium, fileKey, v.attachmentId, bad).name).toBe("a");
    expect(() => unpadMetadata(new Uint8Array(256))).toThrow(InvalidAttachment);
  });

  it("refuses a chunk size outside 4 KiB … 4 MiB or not a power of two", () => {
    expect(() => attachmentLayout(10, 1000)).toThrow(InvalidAttachment);
    expect(() => attachmentLayout(10, 1 << 23)).toThrow(InvalidAttachment);
    expect(attachmentLayout(0).chunkCount).toBe(1);
  });

  it("pads metadata to 256-byte blocks and back, whatever its length", () => {
    for (const length of [0, 1, 254, 255, 256, 1000]) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i % 255) + 1);
      const padded = padMetadata(bytes);
      expect(padded.length % 256).toBe(0);
      expect(unpadMetadata(padded)).toEqual(bytes);
    }
  });
});
