// Load above the pool's size behind PgBouncer (issue 39): postgres.js pipelines
// queries on a busy connection, and PgBouncer in transaction mode dropped the
// answers to queries pipelined behind a finished transaction, so they never got
// one (the hot-key benchmark hung for good). Pooled mode sends one query at a time
// per connection: every request here is answered.
import { describe, expect, inject, it } from "vitest";
import { key32, signIn, signUp, uniqueHandle } from "../support/accounts";
import { Client } from "../support/api";

const skip = inject("pooledSkip");

describe.skipIf(skip)("load above the pool's size through the pooler", () => {
  it("answers 120 concurrent requests of mixed kinds, from one address and many", async () => {
    const owner = await signUp();
    const hot = new Client();
    const answers = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        i % 2 === 0
          ? signIn(hot, uniqueHandle("load"), key32())
          : owner.client.call("GET", "/v1/account", { token: owner.token }),
      ),
    );
    const statuses = new Set(answers.map((a) => a.status));
    // Sign-ins past the address's limit are refused (429); none goes unanswered.
    expect([...statuses].every((s) => s === 200 || s === 401 || s === 429)).toBe(true);
  });
});
