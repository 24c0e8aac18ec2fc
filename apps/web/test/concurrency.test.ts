// One account writing in parallel, as a client uploading offline-made notes or an
// import does: every request succeeds (row locks taken in one order, conflicts
// retried before any answer leaves) and usage equals the bytes stored.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signUp } from "./support/accounts";
import { append, blob, createNote, newNote, usage } from "./support/notes";

describe("parallel writes by one account", () => {
  it("creates 50 notes at once, all 201, usage exact", async () => {
    const user = await signUp();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => createNote(user, { snapshotBytes: 300, metadataBytes: 40 })),
    );
    expect(results.map((r) => r.res.status)).toEqual(Array(50).fill(201));
    expect(await usage(user)).toMatchObject({ accountBytes: 50 * 340, noteCount: 50 });
  });

  it("appends 50 times at once to one note and to many, all 200, usage exact", async () => {
    const user = await signUp();
    const one = await newNote(user, 100);
    const many = await Promise.all(Array.from({ length: 10 }, () => newNote(user, 100)));
    const targets = [
      ...Array<string>(25).fill(one.id),
      ...Array.from({ length: 25 }, (_, i) => many[i % many.length]!.id),
    ];
    const results = await Promise.all(
      targets.map((id) => append(user, id, { updates: [blob(64)], requestId: randomUUID() })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    const versions = results
      .slice(0, 25)
      .map((r) => r.body.version)
      .sort((a, b) => a - b);
    expect(versions).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    // Each note: a 100-byte snapshot and 64 bytes of metadata.
    expect((await usage(user)).accountBytes).toBe(11 * (100 + 64) + 50 * 64);
  });
});
