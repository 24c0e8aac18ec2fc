import { describe, expect, it } from "vitest";
import { queryFor } from "./note-sharing";

describe("queryFor", () => {
  it("reads handles (with or without @) and e-mail addresses", () => {
    expect(queryFor(" Bob ")).toEqual({ handle: "bob" });
    expect(queryFor("@bob")).toEqual({ handle: "bob" });
    expect(queryFor("Carol@Example.com")).toEqual({ email: "carol@example.com" });
  });
});
