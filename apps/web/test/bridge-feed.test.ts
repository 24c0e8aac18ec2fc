// A new transmission is announced on the change feed of every account with
// bridge access (contract.md §7) as {"type":"bridge","message":<transmission>};
// a free account's feed hears nothing of it. In embedded mode the server relays
// it; in Postgres mode the sidecar, over LISTEN/NOTIFY.
import { describe, expect, it } from "vitest";
import { signUp } from "./support/accounts";
import { premiumMember, transmit } from "./support/bridge";
import { newNote } from "./support/notes";
import { opsCall } from "./support/ops";
import { isText, openFeed, type TestSocket } from "./support/sockets";

/** Bridge frames the feed heard before the `changes` event of `note`. */
async function bridgeFramesBefore(feed: TestSocket, note: { seq: number }): Promise<unknown[]> {
  const frames: unknown[] = [];
  await feed.until((m) => {
    if (isText("bridge")(m)) frames.push(m);
    return m.kind === "text" && m.json.seq === String(note.seq);
  });
  return frames;
}

describe("the bridge on the change feed", () => {
  it("reaches every member's feed, the author's too, and no free account", async () => {
    const [alice, bob, free] = [await premiumMember(), await premiumMember(), await signUp()];
    const [aliceFeed, bobFeed, freeFeed] = await Promise.all([
      openFeed(alice),
      openFeed(bob),
      openFeed(free),
    ]);
    const sent = await transmit(alice);
    const isThis = (m: Parameters<ReturnType<typeof isText>>[0]) =>
      isText("bridge")(m) &&
      m.kind === "text" &&
      (m.json.message as { seq: number }).seq === sent.seq;
    const heard = await bobFeed.until(isThis);
    expect(heard).toEqual({ kind: "text", json: { type: "bridge", message: sent } });
    await aliceFeed.until(isThis);
    // One frame goes to the whole audience at once: once the free account's next
    // event is in, a bridge frame for it would have arrived before.
    expect(await bridgeFramesBefore(freeFeed, await newNote(free))).toEqual([]);
    for (const feed of [aliceFeed, bobFeed, freeFeed]) feed.close();
  });

  it("stops reaching an account whose bridge access ended", async () => {
    const [alice, bob] = [await premiumMember(), await premiumMember()];
    const bobFeed = await openFeed(bob);
    const revoked = await opsCall(
      "POST",
      `/ops/v1/accounts/${bob.credentials.identifier}:revokeComplimentary`,
    );
    expect(revoked.status).toBe(204);
    await bobFeed.until(isText("account"));
    await transmit(alice);
    expect(await bridgeFramesBefore(bobFeed, await newNote(bob))).toEqual([]);
    bobFeed.close();
  });
});
