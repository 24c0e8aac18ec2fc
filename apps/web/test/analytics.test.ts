// Anonymous tour and journey counters: enum validation (400 unknown-value), no
// body, per-address limit, and storage without identifiers or fine timestamps.
import { describe, expect, it } from "vitest";
import { Client, expectNoBody, expectProblem } from "./support/api";
import { opsCall } from "./support/ops";

interface Counter {
  day: string;
  kind: string;
  name: string;
  step: string;
  count: number;
}

async function counters(): Promise<Counter[]> {
  return ((await (await opsCall("GET", "/ops/v1/stats")).json()) as { analytics: Counter[] })
    .analytics;
}

const countOf = (all: Counter[], kind: string, name: string, step: string) =>
  all.find((c) => c.kind === kind && c.name === name && c.step === step)?.count ?? 0;

describe("POST /v1/tour-events and /v1/journey-events", () => {
  it("counts events per day without any identifier", async () => {
    const before = await counters();
    const client = new Client();
    const tour = await client.call("POST", "/v1/tour-events", {
      body: { event: "play", tour: "bridge" },
    });
    expect(tour.status).toBe(204);
    expectNoBody(tour);
    const journey = await client.call("POST", "/v1/journey-events", {
      body: { journey: "link-device", step: "complete" },
    });
    expect(journey.status).toBe(204);
    const after = await counters();
    expect(countOf(after, "tour", "bridge", "play")).toBe(
      countOf(before, "tour", "bridge", "play") + 1,
    );
    expect(countOf(after, "journey", "link-device", "complete")).toBe(
      countOf(before, "journey", "link-device", "complete") + 1,
    );
    for (const row of after) {
      expect(Object.keys(row).sort()).toEqual(["count", "day", "kind", "name", "step"]);
      expect(row.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it("answers 400 unknown-value for a value outside the enumeration", async () => {
    const client = new Client();
    const cases = [
      ["/v1/tour-events", { event: "pause", tour: "bridge" }, "/event"],
      ["/v1/tour-events", { event: "view", tour: "moon" }, "/tour"],
      ["/v1/journey-events", { journey: "onboard", step: "middle" }, "/step"],
      ["/v1/journey-events", { journey: "teleport", step: "start" }, "/journey"],
    ] as const;
    for (const [path, body, pointer] of cases) {
      const res = await client.call("POST", path, { body });
      expectProblem(res, 400, "unknown-value");
      expect((res.body.errors as { pointer: string }[]).map((e) => e.pointer)).toEqual([pointer]);
    }
  });

  it("takes no token and limits each address to 60 a minute", async () => {
    const client = new Client();
    for (let i = 0; i < 60; i++) {
      expect(
        (
          await client.call("POST", "/v1/tour-events", {
            body: { event: "view", tour: "free-flight" },
          })
        ).status,
      ).toBe(204);
    }
    const res = await client.call("POST", "/v1/tour-events", {
      body: { event: "view", tour: "free-flight" },
    });
    expectProblem(res, 429, "rate-limited");
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
