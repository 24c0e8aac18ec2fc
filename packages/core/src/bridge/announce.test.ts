import { describe, expect, it } from "vitest";
import { bridgeAnnouncement, NOTIFY_PAYLOAD_LIMIT } from "./announce";

const transmission = {
  seq: 12,
  body: Buffer.alloc(1_064, 7).toString("base64"),
  epochId: "uw4kvv41zWEq0G2nekpUpA",
  createdAt: "2026-01-01T00:00:00.000Z",
  authorId: "00000000-0000-4000-8000-000000000001",
};

describe("bridge announcements", () => {
  it("carry a transmission whole while it fits NOTIFY", () => {
    const event = bridgeAnnouncement(transmission);
    expect(event).toEqual({ e: "bridge", seq: 12, message: transmission });
    expect(Buffer.byteLength(JSON.stringify(event))).toBeLessThan(NOTIFY_PAYLOAD_LIMIT);
  });

  it("carry a signed transmission whole too, with the longest handle (issue 21)", () => {
    const signed = {
      ...transmission,
      authorHandle: "h".repeat(32),
      signature: Buffer.alloc(80, 9).toString("base64"),
    };
    const event = bridgeAnnouncement(signed);
    expect(event).toEqual({ e: "bridge", seq: 12, message: signed });
    expect(Buffer.byteLength(JSON.stringify(event))).toBeLessThan(NOTIFY_PAYLOAD_LIMIT / 4);
  });

  it("fall back to the seq alone when the whole would not fit", () => {
    expect(bridgeAnnouncement(transmission, 1_000)).toEqual({ e: "bridge", seq: 12 });
  });
});
