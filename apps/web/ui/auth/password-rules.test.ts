import { describe, expect, it } from "vitest";
import { newPasswordProblem } from "./password-rules";

describe("newPasswordProblem", () => {
  it("says how short a password is, then whether the repeat matches", () => {
    expect(newPasswordProblem("short", "short")).toBe(
      "Your password has 5 of the 10 characters it needs.",
    );
    expect(newPasswordProblem("long enough pw", "long enough pv")).toMatch(/differ/);
    expect(newPasswordProblem("long enough pw", "long enough pw")).toBeUndefined();
  });
});
