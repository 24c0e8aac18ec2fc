import { describe, expect, it } from "vitest";
import { formatLinkCode, InvalidLinkCode, linkQrText, parseLinkCode } from "./link-code";

const code = {
  linkId: "0b9f6d2e-58a1-4c57-9e0c-2f1d3a4b5c6d",
  secret: Uint8Array.from({ length: 16 }, (_, i) => i * 7),
};

describe("device-link codes", () => {
  it("reads back the QR JSON and the 43-character short code", () => {
    expect(parseLinkCode(linkQrText(code))).toEqual(code);
    const short = formatLinkCode(code);
    expect(short).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(parseLinkCode(` ${short}\n`)).toEqual(code);
    expect(JSON.parse(linkQrText(code))).toEqual({
      linkId: code.linkId,
      secret: "AAcOFRwjKjE4P0ZNVFtiaQ",
    });
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
