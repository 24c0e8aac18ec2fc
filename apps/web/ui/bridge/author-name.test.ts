import { describe, expect, it } from "vitest";
import { authorName, signatureNote } from "./author-name";

const me = "11111111-0000-4000-8000-000000000000";
const other = "2b373d9c-0000-4000-8000-000000000000";

describe("authorName", () => {
  it("names another member by handle, not by id", () => {
    expect(authorName({ authorId: other, authorHandle: "bob" }, me)).toBe("bob");
  });

  it("says You, a short id for a member without a handle, and a former member", () => {
    expect(authorName({ authorId: me, authorHandle: "alice" }, me)).toBe("You");
    expect(authorName({ authorId: other }, me)).toBe("Member 2b373d9c");
    expect(authorName({}, me)).toBe("A former member");
  });
});

describe("signatureNote", () => {
  const bob = "00000000-0000-4000-8000-0000000000b0";
  const eve = "00000000-0000-4000-8000-0000000000e0";

  it("is quiet when the signature names the author shown, and warns when it names another", () => {
    const signed = { status: "signed", signerId: bob, verified: true } as const;
    expect(signatureNote({ authorId: bob, signature: signed })).toEqual({
      text: "✓ verified",
      warn: false,
    });
    // attack 4: the server says Eve wrote what Bob signed.
    expect(signatureNote({ authorId: eve, signature: signed }).warn).toBe(true);
    expect(signatureNote({ authorId: bob, signature: { status: "invalid" } }).warn).toBe(true);
    expect(signatureNote({ authorId: bob, signature: { status: "unsigned" } }).text).toBe(
      "unsigned",
    );
  });
});
