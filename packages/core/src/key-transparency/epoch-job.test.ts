import { describe, expect, it } from "vitest";
import type { Core } from "../core";
import { startEpochJob } from "./epoch-job";

/** A core whose every query fails with `error`, and a log that keeps what it hears. */
function failingCore(error: Error) {
  const heard: string[] = [];
  const fail = () => {
    throw error;
  };
  // drizzle's builder: every method answers the builder, and awaiting it fails.
  const chain: unknown = new Proxy(
    {},
    {
      get: (_, property) =>
        property === "then"
          ? (_resolve: unknown, reject: (e: unknown) => void) => reject(error)
          : () => chain,
    },
  );
  const core = {
    config: { keyTransparency: { epochMs: 200, witnessKeys: [], quorum: 0 }, serverSecret: "s" },
    db: { select: () => chain, transaction: fail, execute: fail },
    log: {
      warn: (_: unknown, msg: string) => heard.push(`warn: ${msg}`),
      error: (_: unknown, msg: string) => heard.push(`error: ${msg}`),
    },
  } as unknown as Core;
  return { core, heard };
}

const coded = (code: string) => Object.assign(new Error(code), { code });

describe("the key-transparency epoch job", () => {
  it("tells the outage gate when the database cannot be reached", async () => {
    const { core, heard } = failingCore(
      Object.assign(new Error("Failed query"), { cause: coded("ECONNREFUSED") }),
    );
    let told = 0;
    const job = startEpochJob(core, { onUnavailable: () => told++ });
    await new Promise((r) => setTimeout(r, 20));
    await job.stop();
    expect(told).toBeGreaterThan(0);
    expect(heard[0]).toBe("warn: key transparency: database unreachable");
  });

  it("keeps a conflict or a bug to its own log line", async () => {
    for (const error of [coded("40001"), new Error("a bug")]) {
      const { core, heard } = failingCore(error);
      let told = 0;
      const job = startEpochJob(core, { onUnavailable: () => told++ });
      await new Promise((r) => setTimeout(r, 20));
      await job.stop();
      expect(told).toBe(0);
      expect(heard[0]).toBe("error: key transparency: epoch failed");
    }
  });
});
