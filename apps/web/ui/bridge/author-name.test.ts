import { describe, expect, it } from "vitest";
import { authorName } from "./author-name";

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
