import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { formatLinkCode, InvalidLinkCode, linkQrText, parseLinkCode } from "./link-code";

const code = {
  linkId: "0b9f6d2e-58a1-4c57-9e0c-2f1d3a4b5c6d",
  secret: Uint8Array.from({ length: 16 }, (_, i) => i * 7),
};

describe("device-link codes", () => {
  it("reads back the QR JSON and the short code: 13 groups of 4, no look-alike letters", () => {
    expect(parseLinkCode(linkQrText(code))).toEqual(code);
    const short = formatLinkCode(code);
    expect(short).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){12}$/);
    expect(parseLinkCode(` ${short}\n`)).toEqual(code);
    expect(JSON.parse(linkQrText(code))).toEqual({
      linkId: code.linkId,
      secret: "AAcOFRwjKjE4P0ZNVFtiaQ",
    });
  });

  it("reads a typed code in any case, with spaces, I/L for 1 and O for 0", () => {
    const short = formatLinkCode(code);
    const typed = short.replaceAll("1", "l").replaceAll("0", "O").replaceAll("-", " ");
    expect(parseLinkCode(typed.toLowerCase())).toEqual(code);
    expect(parseLinkCode(short.replaceAll("1", "I").replaceAll("-", ""))).toEqual(code);
  });

  it("still reads the version 1 code (url-safe Base64, 43 characters)", () => {
    expect(parseLinkCode("C59tLlihTFeeDC8dOktcbQAHDhUcIyoxOD9GTVRbYmk")).toEqual(code);
  });

  it("refuses a code with its spare bits set or a character outside the alphabet", () => {
    const short = formatLinkCode(code);
    const last = short.at(-1) === "1" ? "2" : "1";
    expect(() => parseLinkCode(short.slice(0, -1) + last)).toThrow(InvalidLinkCode);
    expect(() => parseLinkCode(`U${short.slice(1)}`)).toThrow(InvalidLinkCode);
  });

  it("writes and reads the known-answer vectors (docs/client-crypto.md, Link code)", () => {
    const v = JSON.parse(
      readFileSync(
        new URL("../../../crypto/src/device-link-vectors.json", import.meta.url),
        "utf8",
      ),
    ).deviceLink as { linkId: string; secret: string; shortCode: string; shortCodeV2: string };
    const vector = { linkId: v.linkId, secret: Uint8Array.from(Buffer.from(v.secret, "base64")) };
    expect(formatLinkCode(vector)).toBe(v.shortCodeV2);
    expect(parseLinkCode(v.shortCodeV2)).toEqual(vector);
    expect(parseLinkCode(v.shortCode)).toEqual(vector);
  });

  it("refuses anything else", () => {
    for (const text of [
      "",
      "hello",
      formatLinkCode(code).slice(1),
      '{"linkId":"nope","secret":"AAcOFRwjKjE4P0ZNVFtiaQ"}',
      '{"linkId":"0b9f6d2e-58a1-4c57-9e0c-2f1d3a4b5c6d","secret":"AAAA"}',
      "{not json",
    ]) {
      expect(() => parseLinkCode(text), text).toThrow(InvalidLinkCode);
    }
  });
});
