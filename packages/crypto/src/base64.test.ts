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

  it.each(["QQ", "QQ=", "QR==", "Q Q==", "QQ==\n", "-_8=", "QUJD=", "====", "A"])(
    "rejects %j",
    (text) => {
      expect(() => fromBase64(text)).toThrow(InvalidEncoding);
    },
  );
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

  it.each(["QQ==", "Q", "QR", "+/8", "Q Q"])("rejects %j", (text) => {
    expect(() => fromBase64Url(text)).toThrow(InvalidEncoding);
  });
});
