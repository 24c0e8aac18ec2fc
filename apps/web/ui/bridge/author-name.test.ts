import { describe, expect, it } from "vitest";
import { authorName, replayNote, sentTime, signatureNote } from "./author-name";

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

describe("what a person sees of the server's edits (issue 33)", () => {
  const bob = "00000000-0000-4000-8000-0000000000b0";

  it("item 5: a removed signature warns, in words apart from a forged one", () => {
    const stripped = signatureNote({ authorId: bob, signature: { status: "stripped" } });
    const forged = signatureNote({ authorId: bob, signature: { status: "invalid" } });
    expect(stripped).toEqual({
      text: "signature removed on the way: this author signs",
      warn: true,
    });
    expect(stripped.text).not.toBe(forged.text);
    expect(signatureNote({ authorId: bob, signature: { status: "unsigned" } }).warn).toBe(false);
  });

  it("item 11: a copy served again says so, and times are the author's", () => {
    expect(replayNote({ replayOf: 12 })).toBe(
      "Served again by the server: a copy of #12, not a new transmission.",
    );
    expect(replayNote({})).toBeUndefined();
    const createdAt = "2026-11-29T10:00:00.000Z";
    expect(sentTime({ createdAt, sentAt: "2026-11-28T09:00:00.000Z" })).toBe(
      "2026-11-28T09:00:00.000Z",
    );
    expect(sentTime({ createdAt })).toBe(createdAt);
  });
});
