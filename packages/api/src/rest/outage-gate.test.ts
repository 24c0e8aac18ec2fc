import { describe, expect, it } from "vitest";
import { OutageGate } from "./outage-gate";

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
};

describe("OutageGate", () => {
  it("replaces the connections when it trips and again when the database is reached", async () => {
    let reachable = false;
    let fresh = 0;
    const gate = new OutageGate(
      async () => {
        if (!reachable) throw new Error("down");
      },
      () => fresh++,
      5,
    );
    gate.trip();
    gate.trip();
    expect(gate.isDown()).toBe(true);
    expect(fresh).toBe(1);
    await new Promise((r) => setTimeout(r, 30));
    expect(gate.isDown()).toBe(true);
    expect(fresh).toBe(1);
    reachable = true;
    await until(() => !gate.isDown());
    expect(gate.isDown()).toBe(false);
    // Connections opened while it was going down or coming up are not kept.
    expect(fresh).toBe(2);
  });
});
