import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sealEnvelope } from "./envelope";
import { DecryptionFailed, InvalidMetadata } from "./errors";
import {
  copyMetadata,
  decodeMetadata,
  encodeMetadata,
  openMetadata,
  sealMetadata,
} from "./metadata";
import { loadSodium } from "./sodium";
import { flipByte, key32, mask, position } from "./test-arbitraries";
import { b64, vectors } from "./test-vectors";
import { utf8Encode } from "./utf8";

const sodium = await loadSodium();
const v = vectors.envelope;
const cek = b64(v.cek);
const vectorMetadata = { title: "Vector note", tags: ["interop", "vectors"] };
const metadata = fc.record({ title: fc.string(), tags: fc.array(fc.string(), { maxLength: 5 }) });

describe("note metadata: vector", () => {
  it("encodes as the vector's JSON", () => {
    expect(encodeMetadata(vectorMetadata)).toEqual(utf8Encode(v.metadataJson));
  });

  it("seals and opens the vector", () => {
    expect(sealMetadata(sodium, cek, v.noteId, vectorMetadata, b64(v.metadataNonce))).toBe(
      v.metadata,
    );
    expect(openMetadata(sodium, cek, v.noteId, v.metadata)).toEqual(vectorMetadata);
  });
});

describe("note metadata: properties and shape", () => {
  it("open(seal(m)) = m", () => {
    fc.assert(
      fc.property(key32, fc.uuid(), metadata, (key, id, m) => {
        expect(openMetadata(sodium, key, id, sealMetadata(sodium, key, id, m))).toEqual(m);
      }),
    );
  });

  it("fails when any single byte is altered", () => {
    fc.assert(
      fc.property(key32, fc.uuid(), metadata, position, mask, (key, id, m, at, bits) => {
        const tampered = flipByte(sealMetadata(sodium, key, id, m), at, bits);
        expect(() => openMetadata(sodium, key, id, tampered)).toThrow(DecryptionFailed);
      }),
    );
  });

  it("writes title and tags in that order, and nothing unknown", () => {
    const extra = { tags: ["a"], title: "t", colour: "red", pinned: false };
    expect(new TextDecoder().decode(encodeMetadata(extra))).toBe('{"title":"t","tags":["a"]}');
  });

  it("carries the organising flags only when set, and reads them back", () => {
    const m = { title: "t", tags: [], pinned: true, trashedAt: "2026-11-23T10:00:00.000Z" };
    expect(new TextDecoder().decode(encodeMetadata(m))).toBe(
      '{"title":"t","tags":[],"pinned":true,"trashedAt":"2026-11-23T10:00:00.000Z"}',
    );
    expect(openMetadata(sodium, cek, v.noteId, sealMetadata(sodium, cek, v.noteId, m))).toEqual(m);
    expect(copyMetadata({ ...m, createdAt: "2026-01-01T00:00:00Z" })).toEqual({
      ...m,
      createdAt: "2026-01-01T00:00:00Z",
    });
  });

  it("carries the revision last, keeps it in copies, and ignores one that is not a count", () => {
    const m = { title: "t", tags: [], pinned: true, rev: 7 };
    expect(new TextDecoder().decode(encodeMetadata(m))).toBe(
      '{"title":"t","tags":[],"pinned":true,"rev":7}',
    );
    expect(openMetadata(sodium, cek, v.noteId, sealMetadata(sodium, cek, v.noteId, m))).toEqual(m);
    expect(copyMetadata(m)).toEqual(m);
    for (const rev of ["7", -1, 1.5, null, 2 ** 53])
      expect(decodeMetadata(utf8Encode(JSON.stringify({ title: "T", tags: [], rev })))).toEqual({
        title: "T",
        tags: [],
      });
  });

  it("ignores a flag of the wrong type like an unknown member", () => {
    const json = '{"title":"T","tags":[],"pinned":"yes","trashedAt":5,"createdAt":null}';
    expect(decodeMetadata(utf8Encode(json))).toEqual({ title: "T", tags: [] });
  });

  it("sets unknown members apart when reading, and writes them back after the known", () => {
    const json = '{"tags":["x"],"colour":"red","title":"T","v":2}';
    const read = decodeMetadata(utf8Encode(json));
    expect(read).toEqual({ title: "T", tags: ["x"], unknown: { colour: "red", v: 2 } });
    // A rename keeps them (contract §9 rule 12: a client keeps what it does not understand).
    const renamed = { ...copyMetadata(read), title: "Renamed" };
    expect(new TextDecoder().decode(encodeMetadata(renamed))).toBe(
      '{"title":"Renamed","tags":["x"],"colour":"red","v":2}',
    );
  });

  it("never lets a kept member stand in for a known one", () => {
    const m = { title: "T", tags: [], unknown: { pinned: true, title: "evil", x: 1 } };
    expect(new TextDecoder().decode(encodeMetadata(m))).toBe('{"title":"T","tags":[],"x":1}');
  });

  it("reads metadata sealed by another writer with extra members", () => {
    const json = utf8Encode('{"title":"T","tags":[],"future":{"x":1}}');
    const sealed = sealEnvelope(sodium, cek, v.noteId, json);
    expect(openMetadata(sodium, cek, v.noteId, sealed)).toEqual({
      title: "T",
      tags: [],
      unknown: { future: { x: 1 } },
    });
  });

  it("carries a notebook path, nested, and ignores one that is not a path", () => {
    const m = { title: "T", tags: [], notebook: ["Work", "Projects"] };
    expect(new TextDecoder().decode(encodeMetadata(m))).toBe(
      '{"title":"T","tags":[],"notebook":["Work","Projects"]}',
    );
    expect(decodeMetadata(encodeMetadata(m))).toEqual(m);
    expect(copyMetadata(m)).toEqual(m);
    for (const notebook of [[], "Work", [""], ["a", 1], Array(9).fill("n")])
      expect(
        decodeMetadata(utf8Encode(JSON.stringify({ title: "T", tags: [], notebook }))),
      ).toEqual({ title: "T", tags: [] });
  });

  it.each([
    "not json",
    "null",
    "[]",
    '"title"',
    '{"tags":[]}',
    '{"title":"T"}',
    '{"title":1,"tags":[]}',
    '{"title":"T","tags":"a"}',
    '{"title":"T","tags":["a",2]}',
  ])("rejects %s", (json) => {
    expect(() => decodeMetadata(utf8Encode(json))).toThrow(InvalidMetadata);
  });

  it("keeps a seen head of 40 bytes and ignores one of another shape", () => {
    const seenHead = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJw==";
    const kept = decodeMetadata(encodeMetadata({ title: "T", tags: [], seenHead }));
    expect(kept.seenHead).toBe(seenHead);
    for (const wrong of ["AAEC", `${seenHead.slice(0, 53)}x==`, 40]) {
      const read = decodeMetadata(
        utf8Encode(JSON.stringify({ title: "T", tags: [], seenHead: wrong })),
      );
      expect(read.seenHead).toBeUndefined();
      expect(read.unknown).toBeUndefined();
    }
  });

  it("rejects bytes that are not UTF-8", () => {
    expect(() => decodeMetadata(Uint8Array.of(0x7b, 0xff, 0x7d))).toThrow(InvalidMetadata);
  });
});
