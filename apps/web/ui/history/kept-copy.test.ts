import { describe, expect, it } from "vitest";
import { keptCopyHelps, tidierName } from "./kept-copy";

const solo = { tidiedBy: "you", shared: false, formerKeys: false };

describe("keptCopyHelps", () => {
  it("hides the owner's own tidy-up of a note never shared", () => {
    expect(keptCopyHelps(solo)).toBe(false);
    expect(keptCopyHelps({ ...solo, tidiedBy: undefined })).toBe(false);
  });

  it("shows another member's tidy-up, and any on a note that is or was shared", () => {
    expect(keptCopyHelps({ ...solo, tidiedBy: "eve" })).toBe(true);
    expect(keptCopyHelps({ ...solo, shared: true })).toBe(true);
    expect(keptCopyHelps({ ...solo, tidiedBy: undefined, formerKeys: true })).toBe(true);
  });

  it("names an unknown tidier plainly", () => {
    expect(tidierName(undefined)).toBe("someone with edit access");
    expect(tidierName("eve")).toBe("eve");
  });
});
