import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toBase64 } from "./base64";
import { openEnvelope, openEnvelopeBytes, sealEnvelope, sealEnvelopeBytes } from "./envelope";
import { DecryptionFailed, InvalidNoteId } from "./errors";
import { noteAssociatedData } from "./note-id";
import { loadSodium } from "./sodium";
import { flipByte, key32, mask, plaintext, position } from "./test-arbitraries";
import { b64, hex, vectors } from "./test-vectors";

const sodium = await loadSodium();
const v = vectors.envelope;
const cek = b64(v.cek);

describe("note envelopes: vectors", () => {
  it("uses the lower-case note id as associated data", () => {
    expect(noteAssociatedData(v.noteId)).toEqual(hex(v.associatedDataHex));
    expect(noteAssociatedData(v.noteId.toUpperCase())).toEqual(hex(v.associatedDataHex));
  });

  it.each([
    ["snapshot", v.snapshotPlaintext, v.snapshotNonce, v.snapshot],
    ["update", v.updatePlaintext, v.updateNonce, v.update],
  ])("seals and opens the %s", (_, content, nonce, sealed) => {
    expect(sealEnvelope(sodium, cek, v.noteId, b64(content), b64(nonce))).toBe(sealed);
    expect(openEnvelope(sodium, cek, v.noteId, sealed)).toEqual(b64(content));
    expect(openEnvelope(sodium, cek, v.noteId.toUpperCase(), sealed)).toEqual(b64(content));
  });
});

describe("note envelopes: properties", () => {
  const noteId = fc.uuid();

  it("open(seal(x)) = x", () => {
    fc.assert(
      fc.property(key32, noteId, plaintext, (key, id, content) => {
        expect(openEnvelope(sodium, key, id, sealEnvelope(sodium, key, id, content))).toEqual(
          content,
        );
      }),
    );
  });

  it("fails when any single byte is altered", () => {
    fc.assert(
      fc.property(key32, noteId, plaintext, position, mask, (key, id, content, at, bits) => {
        const tampered = flipByte(sealEnvelope(sodium, key, id, content), at, bits);
        expect(() => openEnvelope(sodium, key, id, tampered)).toThrow(DecryptionFailed);
      }),
    );
  });

  it("fails when opened under a different note id", () => {
    fc.assert(
      fc.property(key32, noteId, noteId, plaintext, (key, id, otherId, content) => {
        fc.pre(id.toLowerCase() !== otherId.toLowerCase());
        const sealed = sealEnvelope(sodium, key, id, content);
        expect(() => openEnvelope(sodium, key, otherId, sealed)).toThrow(DecryptionFailed);
      }),
    );
  });

  it("fails under a different key", () => {
    fc.assert(
      fc.property(key32, key32, noteId, plaintext, (key, other, id, content) => {
        fc.pre(!key.every((byte, i) => byte === other[i]));
        const sealed = sealEnvelope(sodium, key, id, content);
        expect(() => openEnvelope(sodium, other, id, sealed)).toThrow(DecryptionFailed);
      }),
    );
  });

  it.each(["", "0b9f6d2e58a14c579e0c2f1d3a4b5c6d", `{${v.noteId}}`, `${v.noteId} `, "not-a-uuid"])(
    "refuses the note id %j",
    (id) => {
      expect(() => sealEnvelope(sodium, cek, id, new Uint8Array(1))).toThrow(InvalidNoteId);
    },
  );
});

describe("note envelopes as raw bytes", () => {
  const NOTE = "7d444840-9dc0-11d1-b245-5ffdce74fad2";

  it("are the Base64 envelope's bytes: each opens the other's, under the same note id only", async () => {
    const sodium = await loadSodium();
    const key = new Uint8Array(32).fill(1);
    const data = new Uint8Array(1000).fill(9);
    const framed = sealEnvelopeBytes(sodium, key, NOTE, data);
    expect(framed.length).toBe(data.length + 40);
    expect(openEnvelope(sodium, key, NOTE, toBase64(framed))).toEqual(data);
    expect(openEnvelopeBytes(sodium, key, NOTE, framed)).toEqual(data);
    const other = "8d444840-9dc0-11d1-b245-5ffdce74fad2";
    expect(() => openEnvelopeBytes(sodium, key, other, framed)).toThrow(DecryptionFailed);
  });
});
