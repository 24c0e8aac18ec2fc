import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InvalidLength, InvalidRecoveryCode } from "./errors";
import { formatRecoveryCode, generateRecoveryKey, parseRecoveryCode } from "./recovery-code";
import { loadSodium } from "./sodium";
import { key32 } from "./test-arbitraries";
import { b64, vectors } from "./test-vectors";

const sodium = await loadSodium();
const v = vectors.recovery;

function problemOf(code: string): string | undefined {
  try {
    parseRecoveryCode(code);
  } catch (error) {
    if (error instanceof InvalidRecoveryCode) return error.problem;
    throw error;
  }
  return undefined;
}

describe("recovery code", () => {
  it("formats and parses the vector", () => {
    expect(formatRecoveryCode(b64(v.recoveryKey))).toBe(v.code);
    expect(parseRecoveryCode(v.code)).toEqual(b64(v.recoveryKey));
  });

  it("is 13 groups of 4 upper-case Base32 characters", () => {
    fc.assert(
      fc.property(key32, (key) => {
        expect(formatRecoveryCode(key)).toMatch(/^[A-Z2-7]{4}(?:-[A-Z2-7]{4}){12}$/);
      }),
    );
  });

  it("round-trips any key", () => {
    fc.assert(
      fc.property(key32, (key) => {
        expect(parseRecoveryCode(formatRecoveryCode(key))).toEqual(key);
      }),
    );
  });

  it("generates 32 random bytes", () => {
    const a = generateRecoveryKey(sodium);
    expect(a).toHaveLength(32);
    expect(a).not.toEqual(generateRecoveryKey(sodium));
  });

  it("ignores case, spaces and hyphens", () => {
    const key = b64(v.recoveryKey);
    const compact = v.code.replaceAll("-", "");
    for (const typed of [
      v.code.toLowerCase(),
      compact,
      compact.toLowerCase(),
      v.code.replaceAll("-", " "),
      ` ${v.code.replaceAll("-", " - ")}\n`,
      compact.match(/.{1,3}/g)?.join("--") ?? "",
      `${v.code.slice(0, 20).toLowerCase()}${v.code.slice(20)}`,
    ]) {
      expect(parseRecoveryCode(typed)).toEqual(key);
    }
  });

  it("reads 0 as O and 1 as I, the look-alikes outside its alphabet", () => {
    const key = b64(v.recoveryKey);
    const typed = v.code.replaceAll("O", "0").replaceAll("I", "1");
    expect(parseRecoveryCode(typed)).toEqual(key);
    expect(parseRecoveryCode(typed.toLowerCase().replaceAll("-", " "))).toEqual(key);
    // Every letter of the alphabet survives the mapping: a code made of O and I only.
    const lookAlikes = `${"O1".repeat(25)}0A`;
    expect(parseRecoveryCode(lookAlikes)).toEqual(parseRecoveryCode(`${"OI".repeat(25)}OA`));
  });

  it("tolerates any mix of case, spaces and hyphens", () => {
    const compact = v.code.replaceAll("-", "");
    const noise = fc.array(fc.constantFrom("", " ", "-", "  ", "--"), {
      minLength: compact.length + 1,
      maxLength: compact.length + 1,
    });
    fc.assert(
      fc.property(
        noise,
        fc.array(fc.boolean(), { minLength: 52, maxLength: 52 }),
        (gaps, lower) => {
          let typed = gaps[0] ?? "";
          [...compact].forEach((char, i) => {
            typed += (lower[i] ? char.toLowerCase() : char) + (gaps[i + 1] ?? "");
          });
          expect(parseRecoveryCode(typed)).toEqual(b64(v.recoveryKey));
        },
      ),
    );
  });

  it("rejects a wrong length", () => {
    expect(problemOf("")).toBe("length");
    expect(problemOf(v.code.slice(0, -1))).toBe("length");
    expect(problemOf(`${v.code}A`)).toBe("length");
    expect(problemOf(v.code.slice(0, -5))).toBe("length");
  });

  it("rejects characters outside the Base32 alphabet", () => {
    for (const bad of ["8", "9", "=", "_", "é"]) {
      expect(problemOf(`${bad}${v.code.slice(1)}`)).toBe("character");
    }
  });

  it("rejects non-zero trailing bits (only A or Q can end a code)", () => {
    expect(v.code.at(-1)).toBe("Q");
    expect(problemOf(`${v.code.slice(0, -1)}A`)).toBeUndefined();
    expect(problemOf(`${v.code.slice(0, -1)}B`)).toBe("trailing-bits");
  });

  it("formats only 32-byte keys", () => {
    expect(() => formatRecoveryCode(new Uint8Array(31))).toThrow(InvalidLength);
  });
});
