// Reading the key-transparency log in tests. The suite's server closes an epoch every
// 200 ms, so a proof and "the newest head" read one after the other often belong to
// different epochs; under load they can miss each other for a minute (a CI run timed
// out so). A proof is checked instead under the head of its own epoch, read from the
// heads list (every head is published at once here: no witnesses).
import type { SignedHeadJson } from "@notes/keytrans";
import { expect } from "vitest";
import type { Client } from "./api";

export type PublishedHead = { head: SignedHeadJson; headInLog: string[]; consistency?: string[] };

/**
 * The ceiling of a test that audits the whole log: one request per epoch since the suite
 * began (about 600 by the key-transparency files), 8 s against an idle embedded server,
 * over 60 s once beside the journeys in a fresh-clone CI.
 */
export const AUDIT_TIMEOUT_MS = 180_000;

/** Asks until `read` answers (the next epoch is at most a few hundred ms away). */
export async function eventually<T>(read: () => Promise<T | undefined>): Promise<T> {
  for (let delay = 20; ; delay = Math.min(delay * 2, 200)) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

/** The published head of exactly `epoch`. */
export async function headOfEpoch(client: Client, epoch: number): Promise<PublishedHead> {
  const res = await client.call<{ heads: PublishedHead[] }>(
    "GET",
    `/v1/key-transparency/heads?after=${epoch - 1}&pageSize=1`,
  );
  expect(res.status, res.text).toBe(200);
  const [published] = res.body.heads;
  expect(published?.head.epoch, `no head of epoch ${epoch}`).toBe(epoch);
  return published as PublishedHead;
}
