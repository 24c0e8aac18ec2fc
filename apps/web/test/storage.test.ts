// integration: own lane (`pnpm test` runs it beside the others: scripts/test-markers.mjs)
// Storage accounting and ceilings (contract.md §4): usage equals a recount, the
// free tier answers 402 past 50 MiB, parallel writers cannot overshoot, and one
// note holds at most 64 MiB (403 storage-full) even on a premium account.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signUp } from "./support/accounts";
import { expectProblem } from "./support/api";
import { append, blob, createNote, grantComplimentary, newNote, usage } from "./support/notes";

const MiB = 1024 * 1024;

// These move ~100 MiB through the database; the embedded engine takes ~12 s a test.
describe("storage ceilings", { timeout: 120_000 }, () => {
  it("answers 402 free-storage-full past 50 MiB, with parallel appends never overshooting", async () => {
    const user = await signUp();
    // 48 MiB used (a body holds at most 16 MiB of Base64), 2 MiB left.
    for (let i = 0; i < 4; i++) await newNote(user, 10 * MiB);
    await newNote(user, 8 * MiB);
    const before = await usage(user);
    expect(before).toMatchObject({ maxAccountBytes: 50 * MiB });
    const { id } = await newNote(user, 1024);
    const room = 50 * MiB - (await usage(user)).accountBytes;
    const chunk = Math.floor(room / 3) + 1; // only two of these fit
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        append(user, id, { updates: [blob(chunk)], requestId: randomUUID() }),
      ),
    );
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(2);
    for (const refused of answers.filter((a) => a.status !== 200))
      expectProblem(refused, 402, "free-storage-full");
    const after = await usage(user);
    expect(after.accountBytes).toBeLessThanOrEqual(50 * MiB);
    expectProblem(
      (await createNote(user, { snapshotBytes: 3 * MiB })).res,
      402,
      "free-storage-full",
    );
  });

  it("lifts the ceiling to 20 GiB for a complimentary account but keeps 64 MiB per note (403)", async () => {
    const user = await signUp();
    await grantComplimentary(user.credentials.identifier);
    const account = await user.client.call("GET", "/v1/account", { token: user.token });
    expect(account.body).toMatchObject({
      tier: "complimentary",
      usage: { maxAccountBytes: 20 * 1024 * MiB },
    });
    const { id } = await newNote(user, 11 * MiB);
    for (let i = 0; i < 4; i++)
      expect((await append(user, id, { updates: [blob(11 * MiB)] })).status).toBe(200);
    const over = await append(user, id, { updates: [blob(10 * MiB)] });
    expectProblem(over, 403, "storage-full");
    expect((await usage(user)).accountBytes).toBe(55 * MiB + 64);
  });

  it("keeps usage equal to the stored bytes across every kind of write", async () => {
    const user = await signUp();
    const { id } = await newNote(user, 1000);
    const other = await newNote(user, 2000);
    await append(user, id, { updates: [blob(100), blob(200)], metadata: blob(80) });
    await user.client.call("POST", `/v1/notes/${id}:compact`, {
      token: user.token,
      body: { snapshot: blob(700), coversVersion: 1 },
    });
    await user.client.call("DELETE", `/v1/notes/${other.id}`, { token: user.token });
    // metadata 80 + snapshot 700 + remaining update 200, and what the compaction kept
    // for the owner (issue 21, attack 6): the replaced snapshot 1000 + pruned update 100
    expect(await usage(user)).toMatchObject({ accountBytes: 980 + 1100, noteCount: 1 });
  });
});
