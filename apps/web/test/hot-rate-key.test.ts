// One client address under a burst (issue 39): the hits on its rate-limit row are
// coalesced per process (hit-coalescer.ts), and the limit stays exact. 40 sign-in
// attempts from one address at once: exactly 30 reach the credential check (401)
// and 10 are refused (429), as when they come one at a time.
import { describe, expect, it } from "vitest";
import { key32, signIn, uniqueHandle } from "./support/accounts";
import { Client, expectProblem } from "./support/api";

describe("a hot rate-limit key", () => {
  it("counts every one of 40 concurrent attempts from one address", async () => {
    const client = new Client();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => signIn(client, uniqueHandle("burst"), key32())),
    );
    const refused = answers.filter((a) => a.status === 429);
    expect(answers.filter((a) => a.status === 401)).toHaveLength(30);
    expect(refused).toHaveLength(10);
    for (const res of refused) expectProblem(res, 429, "rate-limited");
  });
});
