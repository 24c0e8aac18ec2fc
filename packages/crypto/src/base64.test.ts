import { Buffer } from "node:buffer";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fromBase64, fromBase64Url, toBase64, toBase64Url } from "./base64";
import { InvalidEncoding } from "./errors";

describe("Base64 (standard, padded)", () => {
  it("matches Node's encoder and round-trips", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const text = toBase64(bytes);
        expect(text).toBe(Buffer.from(bytes).toString("base64"));
        expect(fromBase64(text)).toEqual(bytes);
      }),
    );
  });

  it("encodes inputs larger than one chunk", () => {
    const bytes = Uint8Array.from({ length: 100_000 }, (_, i) => i & 0xff);
    expect(fromBase64(toBase64(bytes))).toEqual(bytes);
  });

  it.each([
    "QQ",
    "QQ=",
    "QR==",
    "QUJ=",
    "Q Q==",
    "QQ==\n",
    "-_8=",
    "QUJD=",
    "====",
    "A",
    "Q===",
    "QQ=A",
    "=QQA",
    "QUJDQQ=A",
    "QUJD\u00c4QQ=",
    "QUJ\u0141",
    "QUJ\u0000",
  ])("rejects %j", (text) => {
    expect(() => fromBase64(text)).toThrow(InvalidEncoding);
  });
});

describe("Base64 decoding agrees with Node's strict reading", () => {
  const canonical = (text: string, url: boolean) => {
    const bytes = Buffer.from(text, url ? "base64url" : "base64");
    return bytes.toString(url ? "base64url" : "base64") === text ? bytes : undefined;
  };
  const decoded = (text: string, url: boolean) => {
    try {
      return Buffer.from(url ? fromBase64Url(text) : fromBase64(text));
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidEncoding);
      return undefined;
    }
  };
  // Strings over the alphabet, padding and a few strangers: accepted exactly when Node
  // decodes them and re-encodes the same spelling.
  const symbols = fc.constantFrom(..."AQgw/+-_=Zz09 \u00c4".split(""));
  it("accepts exactly the canonical spellings", () => {
    fc.assert(
      fc.property(fc.array(symbols, { maxLength: 12 }), fc.boolean(), (chars, url) => {
        const text = chars.join("");
        expect(decoded(text, url)).toEqual(canonical(text, url));
      }),
      { numRuns: 5000 },
    );
  });
});

describe("Base64url (no padding)", () => {
  it("matches Node's encoder and round-trips", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const text = toBase64Url(bytes);
        expect(text).toBe(Buffer.from(bytes).toString("base64url"));
        expect(fromBase64Url(text)).toEqual(bytes);
      }),
    );
  });

  it.each(["QQ==", "Q", "QR", "QUJ", "+/8", "Q Q", "QUJDR", "QU\u00c4"])("rejects %j", (text) => {
    expect(() => fromBase64Url(text)).toThrow(InvalidEncoding);
  });
});
