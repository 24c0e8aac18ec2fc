// The seen head collaborators carry in signed live frames (docs/key-transparency.md,
// "Comparing heads"), against the known answers of kt-vectors.json: its bytes, and the
// reader's check of it (same epoch: same log root; older: a prefix by consistency).
import { describe, expect, it } from "vitest";
import { fromHex, toHex } from "./bytes";
import vectors from "./kt-vectors.json";
import { decodeSeenHead, encodeSeenHead, verifySeenHead } from "./seen-head";
import { KeyTransparencyRefused } from "./verify";
import { MalformedKeyTransparency } from "./wire";

const [first, second] = vectors.epochs as [
  (typeof vectors.epochs)[number],
  (typeof vectors.epochs)[number],
];
const seen = (e: typeof first) => ({ epoch: e.epoch, logRoot: fromHex(e.logRoot) });
const refusal = (check: () => void) => {
  try {
    check();
  } catch (error) {
    return error instanceof KeyTransparencyRefused ? error.reason : error;
  }
  return "accepted";
};

describe("seen heads", () => {
  it("is u64 epoch ‖ log root, 40 bytes, and reads back", () => {
    const bytes = encodeSeenHead(seen(second));
    expect(toHex(bytes)).toBe(`0000000000000002${second.logRoot}`);
    expect(toHex(bytes)).toBe(
      "00000000000000026266506b8318cd36e9079c960239790d7ed5de863795e260bf48b78781602bbb",
    );
    expect(decodeSeenHead(bytes)).toEqual(seen(second));
  });

  it("refuses another length and epoch 0", () => {
    expect(() => decodeSeenHead(new Uint8Array(39))).toThrow(MalformedKeyTransparency);
    expect(() => decodeSeenHead(new Uint8Array(40))).toThrow(MalformedKeyTransparency);
  });

  it("passes the same head, and an older one the log extends", () => {
    expect(refusal(() => verifySeenHead(seen(second), seen(second), []))).toBe("accepted");
    const proof = second.consistencyFromPrevious.map(fromHex);
    expect(refusal(() => verifySeenHead(seen(second), seen(first), proof))).toBe("accepted");
  });

  it("names a fork at the same epoch, and an older head the log does not extend", () => {
    const forked = { epoch: 2, logRoot: fromHex(first.logRoot) };
    expect(refusal(() => verifySeenHead(seen(second), forked, []))).toBe("fork");
    const olderForked = { epoch: 1, logRoot: fromHex(second.logRoot) };
    const proof = second.consistencyFromPrevious.map(fromHex);
    expect(refusal(() => verifySeenHead(seen(second), olderForked, proof))).toBe("inconsistent");
  });
});
