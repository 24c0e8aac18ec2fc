import type { OpenNote, SyncEngine } from "@notes/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ListPublisher } from "./list-publisher";
import { NoteIndex } from "./note-index";
import type { NoteListItem } from "./vault-state";

const note = (id: string, title: string) =>
  ({ id, role: "owner", metadata: { title, tags: ["t"] } }) as unknown as OpenNote;

function publisher(lastInput: () => number, notes = [note("a", "Alpha"), note("b", "Bravo")]) {
  const looks = { all: 0 };
  let hide: () => void = () => undefined;
  let byId = new Map<string, OpenNote>();
  const engine = {
    held: () => {
      looks.all++;
      return notes.values();
    },
    note: (id: string) => {
      if (byId.size !== notes.length) byId = new Map(notes.map((n) => [n.id, n]));
      return byId.get(id);
    },
  } as unknown as SyncEngine;
  const shown: NoteListItem[][] = [];
  const saved: Array<NoteListItem[] | undefined> = [];
  const covered: number[] = [];
  const list = new ListPublisher(
    engine,
    new Map([["b", 2]]),
    (view) => shown.push(view.items()),
    async (rows, covers) => {
      saved.push(rows);
      covered.push(covers);
    },
    lastInput,
    (hidden) => {
      hide = hidden;
      return () => {
        hide = () => undefined;
      };
    },
  );
  return { list, shown, saved, covered, looks, hideTab: () => hide() };
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

  it("changes only the notes named, and keeps the items of notes that did not change", () => {
    const notes = [note("a", "Alpha"), note("b", "Bravo")];
    const { list, shown } = publisher(() => 0, notes);
    list.publish();
    const [alpha, bravo] = shown[0] ?? [];
    (notes[0] as OpenNote).metadata = { title: "Alpha 2", tags: ["t"] };
    list.publish(["a"]);
    const [alpha2, bravo2] = shown[1] ?? [];
    expect(alpha2?.title).toBe("Alpha 2");
    expect(alpha2).not.toBe(alpha);
    expect(bravo2).toBe(bravo);
    // A full look finds nothing else changed: no item is rebuilt.
    list.publish();
    expect(shown[2]?.[1]).toBe(bravo);
    notes.pop();
    list.publish(["b"]);
    expect(shown[3]?.map((n) => n.id)).toEqual(["a"]);
    list.stop();
  });

  it("a list that waits its turn shows the notes named meanwhile, without a look at every note", async () => {
    const many = Array.from({ length: 2_000 }, (_, i) => note(`n${i}`, `Note ${i}`));
    const { list, shown, looks } = publisher(() => 0, many);
    list.publish(); // the whole list once: one look at every note
    expect(looks.all).toBe(1);
    (many[5] as OpenNote).metadata = { title: "Renamed", tags: ["t"] };
    list.publishSoon(["n5"]); // waits (40 ms at 2,000 notes)
    list.publishSoon(["n7"]);
    await vi.advanceTimersByTimeAsync(50);
    expect(shown).toHaveLength(2);
    expect(shown[1]?.find((n) => n.id === "n5")?.title).toBe("Renamed");
    expect(looks.all).toBe(1);
    list.stop();
  });

  it("keeps the row of a note let go from memory while its change waits its turn (issue 35)", async () => {
    const many = Array.from({ length: 2_000 }, (_, i) => note(`n${i}`, `Note ${i}`));
    const { list, shown } = publisher(() => 0, many);
    list.publish();
    (many[5] as OpenNote).metadata = { title: "Renamed", tags: ["t"] };
    list.publishSoon(["n5"]); // waits its turn
    // The page is cached and the note let go before the list is shown: it rests.
    many.splice(5, 1);
    await vi.advanceTimersByTimeAsync(50);
    expect(shown[1]?.find((n) => n.id === "n5")?.title).toBe("Renamed");
    // A full look at the notes in memory does not drop the rows of notes that rest.
    list.publish();
    expect(shown[2]).toHaveLength(2_000);
    // A note named once it has left (deleted, removed) is dropped.
    list.publish(["n5"]);
    expect(shown[3]?.some((n) => n.id === "n5")).toBe(false);
    list.stop();
  });

  it("lists notes read from the cache that the engine does not hold", () => {
    const { list, shown } = publisher(() => 0, []);
    list.list([note("c", "Charlie"), note("b", "Bravo")]);
    expect(shown[0]?.map((n) => [n.id, n.title, n.shared])).toEqual([
      ["c", "Charlie", false],
      ["b", "Bravo", true],
    ]);
    list.stop();
  });

  it("says up to when a saved list covers the cache: some seconds before it was last brought level", async () => {
    const { list, covered } = publisher(() => 0);
    const before = Date.now();
    list.publish();
    await vi.advanceTimersByTimeAsync(1_600);
    const [covers] = covered;
    expect(covers).toBeDefined();
    expect(covers).toBeLessThanOrEqual(before);
    expect(covers).toBeGreaterThan(before - 60_000);
    list.stop();
  });

  it("never saves a first screen alone; the rest joins it without undoing rows listed meanwhile", async () => {
    const { list, shown, saved, hideTab } = publisher(() => 0, []);
    const row = (id: string, title: string): NoteListItem => ({
      id,
      title,
      tags: [],
      role: "owner",
      shared: false,
    });
    const first = new NoteIndex();
    first.apply([row("a", "Alpha")]);
    list.showSaved(first, true);
    // Meanwhile: the first row renamed, a note made.
    list.list([note("a", "Alpha renamed"), note("n", "New")]);
    list.publish();
    await vi.advanceTimersByTimeAsync(5_000);
    hideTab();
    expect(saved).toHaveLength(0);
    list.savedRest([row("a", "Alpha"), row("b", "Bravo"), row("c", "Charlie")]);
    list.wholeListed(); // the notes cached after the snapshot, read (first-list.ts)
    const titles = (rows: NoteListItem[] | undefined) => rows?.map((r) => r.title).sort();
    expect(titles(shown.at(-1))).toEqual(["Alpha renamed", "Bravo", "Charlie", "New"]);
    await vi.advanceTimersByTimeAsync(1_600);
    expect(titles(saved[0])).toEqual(["Alpha renamed", "Bravo", "Charlie", "New"]);
    list.stop();
  });

  it("saves again once a first screen is replaced by the cache, read (wholeListed)", async () => {
    const { list, saved } = publisher(() => 0, []);
    const first = new NoteIndex();
    first.apply([{ id: "a", title: "Alpha", tags: [], role: "owner", shared: false }]);
    list.showSaved(first, true);
    list.publish();
    await vi.advanceTimersByTimeAsync(1_600);
    expect(saved).toHaveLength(0);
    list.wholeListed();
    await vi.advanceTimersByTimeAsync(1_600);
    expect(saved).toHaveLength(1);
    list.stop();
  });

  it("does not save again a reload's list that did not change, even when the tab is hidden", async () => {
    const { list, saved, hideTab } = publisher(() => 0, []);
    const stored = new NoteIndex();
    stored.apply([{ id: "a", title: "Alpha", tags: [], role: "owner", shared: false }]);
    list.showSaved(stored);
    list.publish(); // a sync page that changed nothing
    hideTab();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(saved).toHaveLength(0);
    list.list([note("b", "Bravo")]);
    list.wholeListed(); // the notes cached after the snapshot, read and listed
    hideTab();
    expect(
      saved
        .at(-1)
        ?.map((r) => r.id)
        .sort(),
    ).toEqual(["a", "b"]);
    list.stop();
  });
  it("says a reload's unchanged list covers the notes cached since, once it is level, without saving it again", async () => {
    const { list, saved, covered, hideTab } = publisher(() => 0, []);
    // The snapshot a session before stored: the row its note makes.
    const before = publisher(() => 0, []);
    before.list.list([note("a", "Alpha")]);
    before.list.stop();
    const stored = new NoteIndex();
    stored.apply(before.shown[0] ?? []);
    list.showSaved(stored);
    list.list([note("a", "Alpha")]); // read again from the cache: its row stands
    await vi.advanceTimersByTimeAsync(5_000);
    hideTab();
    expect(covered).toHaveLength(0); // not level yet: what it covers is not known
    list.wholeListed();
    await vi.advanceTimersByTimeAsync(1_600);
    expect(saved).toEqual([undefined]); // the time alone, for the snapshot stored
    const first = covered[0] ?? 0;
    expect(first).toBeGreaterThan(Date.now() - 60_000);
    // Later pages that change no row move it on; with nothing new, nothing is written.
    await vi.advanceTimersByTimeAsync(20_000);
    list.publish([]);
    await vi.advanceTimersByTimeAsync(1_600);
    hideTab();
    expect(saved).toEqual([undefined, undefined]);
    expect(covered[1]).toBeGreaterThan(first + 15_000);
    list.stop();
  });

  it("says what a snapshot covers only after it is stored, and never after a save that failed", async () => {
    const calls: Array<{ rows: NoteListItem[] | undefined; covers: number }> = [];
    const pending: Array<{ resolve: () => void; reject: () => void }> = [];
    const engine = { held: () => [].values(), note: () => undefined } as unknown as SyncEngine;
    const list = new ListPublisher(
      engine,
      new Map(),
      () => undefined,
      (rows, covers) => {
        calls.push({ rows, covers });
        return new Promise<void>((resolve, reject) => pending.push({ resolve, reject }));
      },
      () => 0,
      () => () => undefined,
    );
    list.list([note("a", "Alpha")]);
    await vi.advanceTimersByTimeAsync(1_600);
    expect(calls.map((c) => c.rows?.length)).toEqual([1]);
    await vi.advanceTimersByTimeAsync(20_000);
    list.publish([]); // level again later, nothing changed
    await vi.advanceTimersByTimeAsync(1_600);
    expect(calls).toHaveLength(1); // waits for the snapshot to be stored
    pending[0]?.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((c) => c.rows)).toEqual([calls[0]?.rows, undefined]);
    pending[1]?.resolve();
    // A newer snapshot that is not stored: nothing is said of it after.
    list.list([note("b", "Bravo")]);
    await vi.advanceTimersByTimeAsync(1_600);
    expect(calls).toHaveLength(3);
    pending[2]?.reject();
    await vi.advanceTimersByTimeAsync(20_000);
    list.publish([]);
    await vi.advanceTimersByTimeAsync(1_600);
    expect(calls).toHaveLength(3);
    list.stop();
  });

  it("saves nothing while the cache is still being read into the list", async () => {
    const { list, saved, hideTab } = publisher(() => 0, []);
    list.showSaved(undefined); // no snapshot: the cache is read a slice at a time
    list.list([note("a", "Alpha")]);
    await vi.advanceTimersByTimeAsync(5_000);
    hideTab();
    expect(saved).toHaveLength(0);
    list.list([note("b", "Bravo")]);
    list.wholeListed();
    await vi.advanceTimersByTimeAsync(1_600);
    expect(saved.map((rows) => rows?.map((r) => r.id).sort())).toEqual([["a", "b"]]);
    list.stop();
  });
});
