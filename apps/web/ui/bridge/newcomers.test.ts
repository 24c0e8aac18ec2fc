import { describe, expect, it } from "vitest";
import { handedText, letInLabel, newcomerName, waitingText } from "./newcomers";

const bob = { userId: "2b373d9c-0000-4000-8000-000000000000", handle: "bob" };
const nameless = { userId: "7f1e0a55-0000-4000-8000-000000000000" };

describe("newcomers on the Bridge (issue 33, item 2)", () => {
  it("names each by handle, or a short id", () => {
    expect(newcomerName(bob)).toBe("bob");
    expect(newcomerName(nameless)).toBe("Member 7f1e0a55");
    expect(letInLabel(bob)).toBe("Let in bob");
  });

  it("says whom the person let in and whom the device handed the key to", () => {
    expect(handedText([], [])).toBe("");
    expect(handedText([nameless], [bob])).toBe(
      "You let in bob. Handed the key to Member 7f1e0a55: members you let in or compared numbers with.",
    );
  });

  it("says who waits, and that being listed by the server lets nobody in", () => {
    expect(waitingText([])).toBe("");
    expect(waitingText([bob])).toBe(
      "1 account waits for the key. The server lists them as members; let in only people you know.",
    );
    expect(waitingText([bob, nameless])).toMatch(/^2 accounts wait/);
  });
});
