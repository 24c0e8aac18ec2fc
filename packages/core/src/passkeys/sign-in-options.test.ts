import { describe, expect, it } from "vitest";
import type { Core } from "../core";
import { challengeOf } from "./challenges";
import { fakeCredentials } from "./sign-in-options";

const coreWith = (serverSecret: string) => ({ config: { serverSecret } }) as Core;

describe("fake credentials for an unknown handle", () => {
  it("are the same on every call, and differ by handle and by server secret", () => {
    const core = coreWith("secret-one-0123456789abcdefghijklmnop");
    const first = fakeCredentials(core, "ghost");
    expect(fakeCredentials(core, "ghost")).toEqual(first);
    expect(fakeCredentials(core, "ghost_2")).not.toEqual(first);
    expect(fakeCredentials(coreWith("secret-two-0123456789abcdefghijklmnop"), "ghost")).not.toEqual(
      first,
    );
  });

  it("look like real credential ids", () => {
    const core = coreWith("secret-one-0123456789abcdefghijklmnop");
    for (const handle of ["a_1", "bob", "carol", "nobody@example.com", "zz_top_99"]) {
      const fakes = fakeCredentials(core, handle);
      expect(fakes.length).toBeGreaterThanOrEqual(1);
      expect(fakes.length).toBeLessThanOrEqual(2);
      for (const { id } of fakes) {
        expect(id).toMatch(/^[A-Za-z0-9_-]+$/);
        expect([16, 20, 32, 64]).toContain(Buffer.from(id, "base64url").length);
      }
    }
  });
});

describe("challengeOf", () => {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

  it("reads the challenge from clientDataJSON", () => {
    expect(challengeOf(encode({ type: "webauthn.get", challenge: "abc_-1" }))).toBe("abc_-1");
  });

  it("answers undefined for anything else", () => {
    expect(challengeOf("not json")).toBeUndefined();
    expect(challengeOf(encode(null))).toBeUndefined();
    expect(challengeOf(encode({ challenge: 42 }))).toBeUndefined();
    expect(challengeOf(encode({ challenge: "x".repeat(129) }))).toBeUndefined();
  });
});
