import { readText, writeMarkdown } from "@notes/client";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { PREFIX_WORDS, type SearchDoc, SearchIndex } from "./search-index";

const doc = (id: string, title: string, body = "", tags: string[] = []): SearchDoc => ({
  id,
  title,
  tags,
  body,
  stamp: "1",
});

function index(...docs: SearchDoc[]): SearchIndex {
  const i = new SearchIndex();
  for (const d of docs) i.upsert(d);
  return i;
}

describe("search ranking", () => {
  it("ranks a title match over a tag match over a body match", () => {
    const i = index(
      doc("body", "Groceries", "remember the lantern"),
      doc("tag", "Errands", "", ["lantern"]),
      doc("title", "Lantern repair"),
    );
    expect(i.query("lantern").map((h) => h.id)).toEqual(["title", "tag", "body"]);
  });

  it("needs every word, and finds the last one as a prefix while it is typed", () => {
    const i = index(
      doc("a", "Trip to Lisbon", "pack the camera"),
      doc("b", "Trip to Porto", "pack the tent"),
    );
    expect(i.query("trip cam").map((h) => h.id)).toEqual(["a"]);
    expect(
      i
        .query("trip")
        .map((h) => h.id)
        .sort(),
    ).toEqual(["a", "b"]);
    expect(i.query("trip zebra")).toEqual([]);
    // Only the last word is a prefix: "cam" before another word must be whole.
    expect(i.query("cam trip")).toEqual([]);
  });

  it("ranks a whole word over a longer word it begins", () => {
    const i = index(doc("prefix", "Cartography"), doc("whole", "Car"));
    expect(i.query("car").map((h) => h.id)).toEqual(["whole", "prefix"]);
  });

  it("ranks rarer words higher and folds case and accents", () => {
    const i = index(
      doc("common", "Note", "café common common"),
      doc("rare", "Note", "Café unique"),
      doc("other", "Note", "common"),
    );
    expect(i.query("CAFE unique").map((h) => h.id)).toEqual(["rare"]);
    expect(i.query("cafe")[0]?.id).toBe("rare");
  });

  it("marks where the words matched in the title and in a snippet of the body", () => {
    const body = `${"filler ".repeat(60)}the Secret recipe is here ${"tail ".repeat(60)}`;
    const [hit] = index(doc("x", "Secret recipes", body)).query("secret rec");
    expect(hit?.titleRanges).toEqual([
      [0, 6],
      [7, 14],
    ]);
    const marked = (hit?.snippetRanges ?? []).map(([s, e]) => hit?.snippet.slice(s, e));
    expect(marked).toEqual(["Secret", "recipe"]);
    expect(hit?.snippet.startsWith("…")).toBe(true);
    expect(hit?.snippet.length).toBeLessThan(200);
  });

  it("finds each item of a list, with the item whole in the snippet", () => {
    const note = new Y.Doc();
    writeMarkdown(note, "# Trip to Lisbon\n\n- passport\n- sunscreen\n- walking shoes\n");
    const i = index(doc("trip", "Trip to Lisbon", readText(note)));
    for (const word of ["passport", "sunscreen", "walking", "shoes"])
      expect(i.query(word).map((h) => h.id)).toEqual(["trip"]);
    const [hit] = i.query("sunscreen");
    expect(hit?.snippet).toBe("Trip to Lisbon passport sunscreen walking shoes");
    const marked = (hit?.snippetRanges ?? []).map(([s, e]) => hit?.snippet.slice(s, e));
    expect(marked).toEqual(["sunscreen"]);
  });

  it("finds checklist items like any list's", () => {
    const note = new Y.Doc();
    writeMarkdown(note, "- [ ] olive oil\n- [x] lemons\n");
    const i = index(doc("shop", "Shopping", readText(note)));
    expect(i.query("lemons").map((h) => h.id)).toEqual(["shop"]);
    expect(i.query("olive oil").map((h) => h.id)).toEqual(["shop"]);
    expect(i.query("lemons")[0]?.snippet).toBe("[ ] olive oil [x] lemons");
  });

  it("forgets a removed note and the words only it held; an update replaces", () => {
    const i = index(doc("a", "Alpha", "shared words"), doc("b", "Beta", "shared"));
    i.remove("a");
    expect(i.query("alpha")).toEqual([]);
    expect(i.query("shared").map((h) => h.id)).toEqual(["b"]);
    i.upsert(doc("b", "Gamma", "new text"));
    expect(i.query("beta")).toEqual([]);
    expect(i.query("gamma").map((h) => h.id)).toEqual(["b"]);
    expect(i.size).toBe(1);
  });

  it("ranks only the best, as a full sort would, and counts every match", () => {
    const i = new SearchIndex();
    // Scores repeat (every tenth note alike) so ties must keep the order indexed.
    for (let n = 0; n < 500; n++)
      i.upsert(
        doc(`n${n}`, `Note ${n}`, `${"fern ".repeat(1 + (n % 10))} moss ${"x ".repeat(n % 7)}`),
      );
    const all = i.query("fern", 1_000).map((h) => h.id);
    expect(all).toHaveLength(500);
    for (const limit of [1, 7, 50]) {
      const answer = i.search("fern", limit);
      expect(answer.hits.map((h) => h.id)).toEqual(all.slice(0, limit));
      expect(answer).toMatchObject({ total: 500, capped: false });
    }
    expect(i.search("fern mo", 3)).toMatchObject({ total: 500 });
    expect(i.search("fern zebra")).toEqual({ hits: [], total: 0, capped: false });
  });

  it("lets a prefix stand for the words in the most notes when it begins too many", () => {
    const i = new SearchIndex();
    // PREFIX_WORDS + 44 rare words beginning "ke", each in one note; "kettle" in 30.
    for (let n = 0; n < PREFIX_WORDS + 44; n++) i.upsert(doc(`r${n}`, "Rare", `ke${n}x`));
    for (let n = 0; n < 30; n++) i.upsert(doc(`k${n}`, "Kitchen", "the kettle"));
    const answer = i.search("ke", 1_000);
    expect(answer.capped).toBe(true);
    // Every note with "kettle" is found; the rare words fill what is left of the cap.
    expect(answer.hits.filter((h) => h.id.startsWith("k"))).toHaveLength(30);
    expect(answer.total).toBe(30 + PREFIX_WORDS - 1);
    // A longer prefix that begins few words is not capped, and finds its one note.
    expect(i.search("ke299x")).toMatchObject({ total: 1, capped: false });
    expect(i.search("kettle")).toMatchObject({ total: 30, capped: false });
  });

  it("finds by prefix the words added, removed and added again after a query", () => {
    const i = index(doc("a", "Alpha", "lantern"));
    expect(i.query("lan").map((h) => h.id)).toEqual(["a"]);
    i.upsert(doc("b", "Beta", "landing"));
    i.upsert(doc("c", "Gamma", "language"));
    expect(
      i
        .query("lan")
        .map((h) => h.id)
        .sort(),
    ).toEqual(["a", "b", "c"]);
    i.remove("b");
    expect(i.query("landi")).toEqual([]);
    expect(
      i
        .query("lan")
        .map((h) => h.id)
        .sort(),
    ).toEqual(["a", "c"]);
    i.upsert(doc("d", "Delta", "landing"));
    expect(i.query("landi").map((h) => h.id)).toEqual(["d"]);
    // Words no note holds any more are let go once they are most of the vocabulary.
    for (let n = 0; n < 3_000; n++) i.upsert(doc(`t${n}`, "Temp", `word${n}`));
    expect(i.query("word29").length).toBeGreaterThan(1);
    for (let n = 0; n < 3_000; n++) i.remove(`t${n}`);
    expect(i.query("word")).toEqual([]);
    expect(
      i
        .query("lan")
        .map((h) => h.id)
        .sort(),
    ).toEqual(["a", "c", "d"]);
  });

  it("answers over 10,000 notes of about 1 KiB, well within a frame budget", () => {
    const words = "apple river stone cloud garden window morning letter paper orange".split(" ");
    const i = new SearchIndex();
    for (let n = 0; n < 10_000; n++) {
      const body = Array.from({ length: 170 }, (_, k) => words[(n * 7 + k * 3) % 10]).join(" ");
      i.upsert(doc(`n${n}`, `Note ${n} ${words[n % 10]}`, `${body} token${n}`));
    }
    // The first query after changes sorts the vocabulary once; then each is timed, the
    // best of three. The 50 ms target is measured by `pnpm bench:web` in the browser;
    // this bound (shared CI machines) only catches a slide into quadratic work.
    i.query("warm");
    for (const q of ["apple", "a", "river sto", "token9999", "zzz"]) {
      const times = [0, 1, 2].map(() => {
        const started = performance.now();
        i.query(q);
        return performance.now() - started;
      });
      expect(Math.min(...times), q).toBeLessThan(250);
    }
    expect(i.query("token9999").map((h) => h.id)).toEqual(["n9999"]);
    expect(i.query("river sto", 20_000)).toHaveLength(10_000);
  }, 60_000);

  it("indexes a batch again over its titles and leaves nothing of what they held", () => {
    // A first sync: every note listed by its title, then indexed with its body.
    const i = new SearchIndex();
    const titles = Array.from({ length: 40 }, (_, n) => doc(`n${n}`, `Draft ${n}`, "", ["inbox"]));
    i.upsertMany(titles.slice(0, 20));
    i.upsertMany(titles.slice(20));
    const bodies = titles.map((d, n) => ({ ...d, title: `Note ${n}`, body: `river stone ${n}` }));
    i.upsertMany(bodies.slice(0, 25));
    i.upsertMany(bodies.slice(25));
    expect(i.size).toBe(40);
    expect(i.search("draft").total).toBe(0);
    expect(i.search("inbox").total).toBe(40);
    expect(i.search("river").total).toBe(40);
    expect(i.query("stone 17").map((h) => h.id)).toEqual(["n17"]);
    expect(i.query("note 3")[0]?.id).toBe("n3");
  });

  it("keeps the later of two copies of a note in one batch", () => {
    const i = new SearchIndex();
    i.upsertMany([doc("a", "First"), doc("b", "Other"), doc("a", "Second")]);
    expect(i.size).toBe(2);
    expect(i.search("first").total).toBe(0);
    expect(i.query("second").map((h) => h.id)).toEqual(["a"]);
  });

  it("removes several notes at once and keeps the postings of the rest", () => {
    const i = index(
      doc("a", "Lantern", "shared words"),
      doc("b", "Compass", "shared words"),
      doc("c", "Kettle", "shared words"),
    );
    i.removeMany(["a", "c", "missing"]);
    expect(i.size).toBe(1);
    expect(i.query("shared").map((h) => h.id)).toEqual(["b"]);
    expect(i.search("lantern").total).toBe(0);
    i.upsert(doc("a", "Lantern again", "shared"));
    expect(
      i
        .query("shared")
        .map((h) => h.id)
        .sort(),
    ).toEqual(["a", "b"]);
  });

  it("names the notes that link to a note, as last read", () => {
    const index = new SearchIndex();
    const doc = (id: string, links?: string[]) => ({
      id,
      title: id,
      tags: [],
      body: "",
      stamp: "1",
      ...(links && { links }),
    });
    index.upsert(doc("a", ["t"]));
    index.upsert(doc("b", ["t", "u"]));
    index.upsert(doc("c"));
    expect(index.linking("T").sort()).toEqual(["a", "b"]);
    index.upsert(doc("a"));
    expect(index.linking("t")).toEqual(["b"]);
    expect(index.all().find((d) => d.id === "b")?.links).toEqual(["t", "u"]);
  });
});
