import { describe, expect, it } from "vitest";
import { signatureText } from "./signature-text";

const BOB = "00000000-0000-4000-8000-0000000000b0";
const names = (id: string) => (id === BOB ? "@bob" : undefined);

describe("signatureText", () => {
  it("names the signer as checked, and says whether the key was compared", () => {
    expect(signatureText({ status: "signed", signerId: BOB, verified: true }, names, "bob")).toBe(
      "Signed by @bob ✓ verified.",
    );
    expect(signatureText({ status: "signed", signerId: BOB, verified: false }, names, "eve")).toBe(
      "Signed by @bob (key not compared yet).",
    );
  });

  it("says plainly when the name is only the server's word", () => {
    expect(signatureText({ status: "unsigned" }, names, "bob")).toBe(
      "Not signed: who wrote this is only the server's word. The server says @bob.",
    );
    expect(signatureText({ status: "invalid", signerId: BOB }, names, undefined)).toMatch(
      /^The signature does not match/,
    );
  });
});
