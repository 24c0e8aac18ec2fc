import type { OpenNote, SyncEngine } from "@notes/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ListPublisher } from "./list-publisher";
import type { NoteListItem } from "./vault-state";

const note = (id: string, title: string) =>
  ({ id, role: "owner", metadata: { title, tags: ["t"] } }) as unknown as OpenNote;

function publisher(lastInput: () => number, notes = [note("a", "Alpha"), note("b", "Bravo")]) {
  let hide: () => void = () => undefined;
  const engine = { held: () => notes.values() } as unknown as SyncEngine;
  const shown: NoteListItem[][] = [];
  const saved: NoteListItem[][] = [];
  const list = new ListPublisher(
    engine,
    new Map([["b", 2]]),
    (rows) => shown.push(rows),
    async (rows) => void saved.push(rows),
    lastInput,
    (hidden) => {
      hide = hidden;
      return () => {
        hide = () => undefined;
      };
    },
  );
  return { list, shown, saved, hideTab: () => hide() };
}

describe("ListPublisher", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows every note at once and saves the snapshot after 1.5 quiet seconds", async () => {
    const { list, shown, saved } = publisher(() => 0);
    list.publish();
    expect(shown[0]?.map((r) => [r.id, r.title, r.shared])).toEqual([
      ["a", "Alpha", false],
      ["b", "Bravo", true],
    ]);
    await vi.advanceTimersByTimeAsync(1_400);
    expect(saved).toHaveLength(0);
    list.publish(); // a newer list restarts the wait, and only it is saved
    await vi.advanceTimersByTimeAsync(1_600);
    expect(saved).toEqual([shown[1]]);
  });

  it("waits while the person is typing", async () => {
    let typedAt = performance.now();
    const { list, saved } = publisher(() => typedAt);
    list.publish();
    for (let i = 0; i < 10; i++) {
      await vi.advanceTimersByTimeAsync(1_000);
      typedAt = performance.now(); // a key every second
    }
    expect(saved).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_600);
    expect(saved).toHaveLength(1);
  });

  it("saves at once when the tab is hidden, even while typing, and only once", async () => {
    const typedAt = performance.now();
    const { list, saved, hideTab } = publisher(() => typedAt);
    list.publish();
    hideTab();
    expect(saved).toHaveLength(1);
    hideTab(); // nothing newer
    await vi.advanceTimersByTimeAsync(10_000);
    expect(saved).toHaveLength(1);
  });

  it("saves the first list after the first sync at once, typing or not; later ones wait", async () => {
    let typedAt = performance.now();
    const { list, saved, shown } = publisher(() => typedAt);
    list.settled(); // before any list: it waits for the first one
    expect(saved).toHaveLength(0);
    list.publish();
    await vi.advanceTimersByTimeAsync(0);
    expect(saved).toEqual([shown[0]]);
    list.publish();
    for (let i = 0; i < 5; i++) {
      await vi.advanceTimersByTimeAsync(1_000);
      typedAt = performance.now();
    }
    expect(saved).toHaveLength(1);
  });

  it("saves nothing once stopped", async () => {
    const { list, saved, hideTab } = publisher(() => 0);
    list.publish();
    list.stop();
    hideTab();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(saved).toHaveLength(0);
  });

  it("while pages stream in, shows a list no sooner than 20 ms per 1,000 notes after the last", async () => {
    const many = Array.from({ length: 100_000 }, (_, i) => note(`n${i}`, `Note ${i}`));
    const { list, shown } = publisher(() => 0, many.slice(0, 40));
    list.publishSoon(); // the first page: at once (nothing shown yet)
    expect(shown).toHaveLength(1);
    list.publishSoon(); // 40 notes shown: 0.8 ms to wait
    await vi.advanceTimersByTimeAsync(1);
    expect(shown).toHaveLength(2);
    const held = many.slice(0, 40);
    const { list: big, shown: bigShown } = publisher(() => 0, held);
    held.push(...many.slice(40)); // 100,000 now held, 40 shown
    big.publish();
    expect(bigShown[0]).toHaveLength(100_000);
    big.publishSoon();
    big.publishSoon(); // one list waits, however many pages land meanwhile
    await vi.advanceTimersByTimeAsync(1_990);
    expect(bigShown).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(20);
    expect(bigShown).toHaveLength(2);
    big.publishSoon();
    big.publish(); // the sync is over: at once, and the waiting list is dropped
    expect(bigShown).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(bigShown).toHaveLength(3);
    list.stop();
    big.stop();
  });
});
