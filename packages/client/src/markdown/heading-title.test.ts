import { describe, expect, it } from "vitest";
import { takeHeadingTitle } from "./heading-title";

describe("takeHeadingTitle", () => {
  it("takes a leading level-one heading as the title and out of the body", () => {
    expect(takeHeadingTitle("# Trip to Lisbon\n\n- passport\n")).toEqual({
      title: "Trip to Lisbon",
      body: "\n- passport\n",
    });
    expect(takeHeadingTitle("\n\r\n  # Spaced out ##  \r\nbody")).toEqual({
      title: "Spaced out",
      body: "body",
    });
    expect(takeHeadingTitle("# Only a title")).toEqual({ title: "Only a title", body: "" });
  });

  it("gives the heading's words as a reader sees them", () => {
    expect(takeHeadingTitle("# My **great** `trip` \\#2 <u>now</u>\n")?.title).toBe(
      "My great trip #2 now",
    );
    expect(takeHeadingTitle("# C# and F #")?.title).toBe("C# and F");
  });

  it("leaves files that do not open with a level-one heading alone", () => {
    for (const body of ["## Subheading\n", "#hashtag\n", "Intro\n# Later", "#\n", "    # code\n"])
      expect(takeHeadingTitle(body), body).toBeUndefined();
  });
});
