import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { committedVectorsPath, sharedVectorsPath, vectorsPath } from "./test-vectors";

describe("known-answer vector files", () => {
  it("prefers the spec's shared copy and falls back to the committed one", () => {
    expect(existsSync(committedVectorsPath)).toBe(true);
    expect(vectorsPath).toBe(
      existsSync(sharedVectorsPath) ? sharedVectorsPath : committedVectorsPath,
    );
  });

  it.skipIf(!existsSync(sharedVectorsPath))(
    "committed copy is identical to the shared spec",
    () => {
      expect(readFileSync(committedVectorsPath, "utf8")).toBe(
        readFileSync(sharedVectorsPath, "utf8"),
      );
    },
  );
});
