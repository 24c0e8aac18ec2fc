import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InvalidEncoding } from "./errors";
import { utf8Decode, utf8Encode } from "./utf8";

describe("UTF-8", () => {
  it("round-trips well-formed strings", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (text) => {
        expect(utf8Decode(utf8Encode(text))).toBe(text);
      }),
    );
  });

  it("does not normalise: NFC and NFD spellings stay different bytes", () => {
    expect(utf8Encode("\u00fc")).not.toEqual(utf8Encode("u\u0308"));
  });

  it("keeps a leading byte-order mark", () => {
    expect(utf8Decode(Uint8Array.of(0xef, 0xbb, 0xbf, 0x41))).toBe("\ufeffA");
  });

  it("rejects malformed bytes", () => {
    expect(() => utf8Decode(Uint8Array.of(0xc3))).toThrow(InvalidEncoding);
    expect(() => utf8Decode(Uint8Array.of(0xff))).toThrow(InvalidEncoding);
  });
});
