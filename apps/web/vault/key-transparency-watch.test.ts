// Issue 34, in the web app: a key the account never published is shown to the person at
// once, in words, from the first self-audit of the session; and the banner's words for
// a frozen or forked log, and a roster the log contradicts, say what to do.

import { createApiClient, type Session } from "@notes/client";
import { loadSodium } from "@notes/crypto";
import { describe, expect, it, vi } from "vitest";
import { TestKeyLog } from "../../../packages/client/test/support/key-log";
import { fixedSession } from "../../../packages/client/test/support/test-keys";
import { ktWarningText, watchKeyTransparency } from "./key-transparency-watch";

const foreign = new Uint8Array(32).fill(66);

describe("key transparency in the web app", () => {
  it("tells the person at once when the log binds a key their devices never made", async () => {
    await loadSodium();
    const session: Session = await fixedSession();
    const log = new TestKeyLog();
    log.publish(session.account.id, {
      publicKey: session.keyPair.publicKey,
      signingPublicKey: foreign,
    });
    const api = createApiClient({
      baseUrl: "http://x",
      fetch: async (url, init) =>
        log.answer(init.method ?? "GET", url) ?? new Response(null, { status: 404 }),
    });
    const notices: string[] = [];
    const stop = watchKeyTransparency(api, session, (text) => notices.push(text));
    await vi.waitFor(() => expect(notices).toHaveLength(1));
    stop();
    expect(notices[0]).toMatch(
      /^The server's public key log lists a key for your account that none of your devices made\./,
    );
    expect(notices[0]).toContain("Do not share anything new");
  });

  it("says in words what a frozen or contradictory log means", () => {
    expect(
      ktWarningText({ kind: "stale", ageMs: 45 * 60_000, boundMs: 30 * 60_000, epoch: 3 }),
    ).toMatch(/not published its public key log for 45 minutes/);
    expect(ktWarningText({ kind: "log", reason: "fork", detail: "" })).toMatch(/contradicts/);
  });

  it("says in words what a roster the log contradicts means, and what to do", () => {
    const roster = (reason: "roster-withheld" | "roster-fork" | "not-logged") =>
      ktWarningText({ kind: "roster", reason, noteId: "n", detail: "" });
    expect(roster("roster-withheld")).toMatch(/hiding a newer list of who may read a shared note/);
    expect(roster("roster-fork")).toMatch(/different list of who may read a shared note/);
    expect(roster("not-logged")).toMatch(/has not reached the public key log/);
    for (const reason of ["roster-withheld", "roster-fork"] as const)
      expect(roster(reason)).toContain("Ask the note's owner who is on it");
  });
});
