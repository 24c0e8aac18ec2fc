// Markdown export over fragments shaped the way y-prosemirror stores TipTap documents:
// XmlElements named after node types, XmlText runs whose attributes are marks; and the
// round trip of every node and mark of schema.ts through export and import.
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { CONTENT_FRAGMENT } from "../notes/text";
import { writeMarkdown } from "./from-markdown";
import { splitFrontMatter } from "./front-matter";
import { ATTR, MARK, NODE } from "./schema";
import { fragmentToMarkdown, noteToMarkdown } from "./to-markdown";

type Attribute = string | number | boolean | null | { [key: string]: unknown };
type Child = Y.XmlElement | Y.XmlText | string;
type Run = string | [string, Record<string, unknown>];

const B = { [MARK.bold]: {} };
const I = { [MARK.italic]: {} };
const S = { [MARK.strike]: {} };
const C = { [MARK.code]: {} };
const U = { [MARK.underline]: {} };
const HL = { [MARK.highlight]: { color: null } };
const link = (href: unknown) => ({
  [MARK.link]: { href, target: "_blank", rel: "noopener noreferrer nofollow", class: null },
});
const L = link("https://example.com");

/** An XmlText with one run per argument; marks are passed explicitly, never inherited. */
function txt(...runs: Run[]): Y.XmlText {
  const text = new Y.XmlText();
  let at = 0;
  for (const run of runs) {
    const [value, marks] = typeof run === "string" ? [run, {}] : run;
    text.insert(at, value, marks);
    at += value.length;
  }
  return text;
}

function el(name: string, attributes: Record<string, Attribute>, ...children: Child[]) {
  const element = new Y.XmlElement<{ [key: string]: Attribute }>(name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  element.insert(
    0,
    children.map((child) => (typeof child === "string" ? txt(child) : child)),
  );
  return element as unknown as Y.XmlElement;
}

const p = (...children: Child[]) => el(NODE.paragraph, {}, ...children);
const h = (level: Attribute, ...children: Child[]) =>
  el(NODE.heading, { [ATTR.level]: level }, ...children);
const ul = (...items: Y.XmlElement[]) => el(NODE.bulletList, {}, ...items);
const ol = (start: Attribute, ...items: Y.XmlElement[]) =>
  el(NODE.orderedList, { [ATTR.start]: start }, ...items);
const li = (...blocks: Y.XmlElement[]) => el(NODE.listItem, {}, ...blocks);
const tasks = (...items: Y.XmlElement[]) => el(NODE.taskList, {}, ...items);
const task = (checked: Attribute, ...blocks: Y.XmlElement[]) =>
  el(NODE.taskItem, { [ATTR.checked]: checked }, ...blocks);
const quote = (...blocks: Y.XmlElement[]) => el(NODE.blockquote, {}, ...blocks);
const code = (language: Attribute, text: string) =>
  el(NODE.codeBlock, { [ATTR.language]: language }, text);
const br = () => el(NODE.hardBreak, {});
const hr = () => el(NODE.horizontalRule, {});
const table = (...rows: Y.XmlElement[]) => el(NODE.table, {}, ...rows);
const tr = (...cells: Y.XmlElement[]) => el(NODE.tableRow, {}, ...cells);
const th = (...blocks: Y.XmlElement[]) => el(NODE.tableHeader, {}, ...blocks);
const td = (...blocks: Y.XmlElement[]) => el(NODE.tableCell, {}, ...blocks);

function docOf(...blocks: Array<Y.XmlElement | Y.XmlText>): Y.Doc {
  const doc = new Y.Doc();
  doc.getXmlFragment(CONTENT_FRAGMENT).insert(0, blocks);
  return doc;
}

function md(...blocks: Array<Y.XmlElement | Y.XmlText>): string {
  return fragmentToMarkdown(docOf(...blocks).getXmlFragment(CONTENT_FRAGMENT));
}

describe("fragmentToMarkdown: blocks", () => {
  it("separates blocks by a blank line and ends with one newline", () => {
    expect(md(p("first"), p("second"))).toBe("first\n\nsecond\n");
  });

  it("renders every heading level, stored as number or string, clamped to 1–6", () => {
    expect(
      md(h(1, "One"), h(2, "Two"), h("3", "Three"), h(4, "Four"), h(5, "Five"), h(6, "Six")),
    ).toBe("# One\n\n## Two\n\n### Three\n\n#### Four\n\n##### Five\n\n###### Six\n");
    expect(md(h(9, "Deep"), h(null, "None"), h("x", "Bad"))).toBe(
      "###### Deep\n\n# None\n\n# Bad\n",
    );
  });

  it("nests bullet and ordered lists by indentation", () => {
    const doc = ul(
      li(p("one"), ul(li(p("nested")), li(p("nested too"), ol(1, li(p("deep")))))),
      li(p("two")),
    );
    expect(md(doc)).toBe("- one\n  - nested\n  - nested too\n    1. deep\n- two\n");
  });

  it("numbers ordered lists from start, stored as number or string", () => {
    expect(md(ol(1, li(p("first")), li(p("second"), ul(li(p("sub"))))))).toBe(
      "1. first\n2. second\n   - sub\n",
    );
    expect(md(ol("7", li(p("seven")), li(p("eight"))))).toBe("7. seven\n8. eight\n");
    expect(md(ol(10, li(p("ten"), ul(li(p("sub"))))))).toBe("10. ten\n    - sub\n");
    expect(md(ol(null, li(p("default"))))).toBe("1. default\n");
  });

  it("keeps a nested list that cannot interrupt a paragraph apart by a blank line", () => {
    expect(md(ul(li(p("one"), ol(3, li(p("three"))))))).toBe("- one\n\n  3. three\n");
  });

  it("renders list items holding several blocks and empty items", () => {
    expect(md(ul(li(p("para one"), p("para two")), li(), li(hr())))).toBe(
      "- para one\n\n  para two\n-\n- ___\n",
    );
  });

  it("switches the marker of a list that directly follows one of the same kind", () => {
    expect(md(ul(li(p("a"))), ul(li(p("b"))), ul(li(p("c"))))).toBe("- a\n\n* b\n\n- c\n");
    expect(md(ol(1, li(p("a"))), p(), ol(1, li(p("b"))))).toBe("1. a\n\n1) b\n");
    expect(md(ul(li(p("a"))), p("text"), ul(li(p("b"))))).toBe("- a\n\ntext\n\n- b\n");
  });

  it("writes checklists as GFM task list items, ticked or not", () => {
    expect(
      md(tasks(task(false, p("passport")), task(true, p("sun", br(), "screen")), task(null))),
    ).toBe("- [ ] passport\n- [x] sun\\\n  screen\n- [ ]\n");
    // Nested checklists (the editor's nested mode), and the box's own text escaped.
    expect(md(tasks(task("true", p("[x] pack"), tasks(task(false, p("socks"))))))).toBe(
      "- [x] \\[x\\] pack\n  - [ ] socks\n",
    );
    // A list next to a checklist keeps its marker: they read back as two lists.
    expect(md(ul(li(p("a"))), tasks(task(false, p("b"))), tasks(task(false, p("c"))))).toBe(
      "- a\n\n- [ ] b\n\n* [ ] c\n",
    );
    expect(md(tasks(task(false, code("sh", "ls"))))).toBe("- [ ]\n\n  ```sh\n  ls\n  ```\n");
  });

  it("prefixes every line of a blockquote, including nested blocks", () => {
    expect(md(quote(p("quote"), ul(li(p("item"))), quote(p("deeper"), p("more"))))).toBe(
      "> quote\n>\n> - item\n>\n> > deeper\n> >\n> > more\n",
    );
  });

  it("fences code blocks with their language and leaves the code unescaped", () => {
    expect(md(code("ts", "const a = 1;\n\nreturn *a* # b;"))).toBe(
      "```ts\nconst a = 1;\n\nreturn *a* # b;\n```\n",
    );
    expect(md(code(null, "plain"), el("codeBlock", {}, "no attribute"))).toBe(
      "```\nplain\n```\n\n```\nno attribute\n```\n",
    );
    expect(md(code("js", "```\nnested fence\n```"))).toBe("````js\n```\nnested fence\n```\n````\n");
    expect(md(code("", ""))).toBe("```\n```\n");
    expect(md(ul(li(code("sh", "echo a\necho b"))))).toBe("- ```sh\n  echo a\n  echo b\n  ```\n");
  });

  it("writes tables as GFM tables: the first row as header, pipes escaped", () => {
    const t = table(
      tr(th(p("A")), th(p("B"))),
      tr(td(p("1 | 2")), td(p("x"), p("y"))),
      tr(td(p("short"))),
    );
    expect(md(t)).toBe("| A | B |\n| --- | --- |\n| 1 \\| 2 | x y |\n| short |  |\n");
  });

  it("writes a highlight as <mark>, as underline is <u>", () => {
    expect(md(p(txt("a ", ["lit", HL], " b")))).toBe("a <mark>lit</mark> b\n");
  });

  it("renders horizontal rules", () => {
    expect(md(p("above"), hr(), p("below"))).toBe("above\n\n---\n\nbelow\n");
  });
});

describe("fragmentToMarkdown: inline", () => {
  it("renders every mark", () => {
    const text = txt(
      "a ",
      ["b", B],
      " ",
      ["i", I],
      " ",
      ["s", S],
      " ",
      ["c", C],
      " ",
      ["u", U],
      " ",
      ["l", L],
    );
    expect(md(p(text))).toBe("a **b** _i_ ~~s~~ `c` <u>u</u> [l](https://example.com)\n");
  });

  it("nests combined marks without reopening the outer one", () => {
    expect(md(p(txt(["bold ", B], ["both", { ...B, ...I }], [" tail", B])))).toBe(
      "**bold _both_ tail**\n",
    );
    expect(md(p(txt(["see ", L], ["the docs", { ...L, ...B, ...C }])))).toBe(
      "[see **`the docs`**](https://example.com)\n",
    );
    expect(md(p(txt(["all", { ...B, ...I, ...S, ...U }])))).toBe("**_~~<u>all</u>~~_**\n");
  });

  it("moves whitespace outside delimiters", () => {
    expect(md(p(txt("a", [" bold ", B], "b")))).toBe("a **bold** b\n");
    expect(md(p(txt(["x ", I], ["y", B])))).toBe("_x_ **y**\n");
    expect(md(p(txt(["  ", B], "plain")))).toBe("plain\n");
  });

  it("uses * for emphasis inside a word, where _ does not work", () => {
    expect(md(p(txt("un", ["frigging", I], "believable")))).toBe("un*frigging*believable\n");
  });

  it("fences code spans around backticks", () => {
    expect(md(p(txt(["a`b", C])))).toBe("``a`b``\n");
    expect(md(p(txt(["`x`", C])))).toBe("`` `x` ``\n");
    expect(md(p(txt(["*x* _y_ [z]", C])))).toBe("`*x* _y_ [z]`\n");
  });

  it("escapes link destinations and drops links without an href", () => {
    expect(md(p(txt(["t", link("https://x.y/a (b)")])))).toBe("[t](https://x.y/a%20\\(b\\))\n");
    expect(md(p(txt(["no href", link(null)]), txt(["empty", link("")])))).toBe("no hrefempty\n");
    expect(md(p(txt("Wow!", ["link", L])))).toBe("Wow\\![link](https://example.com)\n");
  });

  it("renders hard breaks as backslash-newline, never at a paragraph's edge", () => {
    expect(md(p("one", br(), "two"))).toBe("one\\\ntwo\n");
    expect(md(p(br(), "start", br(), br(), "end", br()))).toBe("start\\\n\\\nend\n");
    expect(md(p(txt("a\nb")))).toBe("a\\\nb\n");
    expect(md(p(txt(["bold", B]), br(), txt(["more", B])))).toBe("**bold\\\nmore**\n");
    expect(md(h(2, "a", br(), "b"))).toBe("## a b\n");
  });

  it("escapes text so it reads back literally", () => {
    const cases: Array<[string, string]> = [
      ["*not bold*", "\\*not bold\\*"],
      ["# not heading", "\\# not heading"],
      ["#hashtag", "#hashtag"],
      ["1. not a list", "1\\. not a list"],
      ["2) nor this", "2\\) nor this"],
      ["- not a list", "\\- not a list"],
      ["+ plus", "\\+ plus"],
      ["> not a quote", "\\> not a quote"],
      ["---", "\\---"],
      ["===", "\\==="],
      ["[not](link) ![img](x)", "\\[not\\](link) !\\[img\\](x)"],
      ["`tick` ~~no~~", "\\`tick\\` \\~\\~no\\~\\~"],
      ["<b>tag</b> &amp; AT&T", "\\<b>tag\\</b> \\&amp; AT&T"],
      ["back\\slash", "back\\\\slash"],
      ["snake_case and _under_", "snake_case and \\_under\\_"],
      ["    indented", "indented"],
    ];
    for (const [text, expected] of cases) expect(md(p(text))).toBe(`${expected}\n`);
    expect(md(p("a", br(), "# b"))).toBe("a\\\n\\# b\n");
    expect(md(h(1, "C# and F #"))).toBe("# C# and F \\#\n");
  });
});

describe("fragmentToMarkdown: odd documents", () => {
  it("degrades unknown elements to paragraphs and text", () => {
    const callout = el("callout", { tone: "info" }, p("inside"), el("mystery", {}, "text"));
    const mention = el("mention", { id: "1" }, "@bob");
    expect(md(callout, p("a ", mention, " c"), el("image", { src: "x.png" }))).toBe(
      "inside\n\ntext\n\na @bob c\n",
    );
    const figure = el("figure", {}, el("figureRow", {}, el("caption", {}, p("cell"))));
    expect(md(figure, txt("bare text"), li(p("stray item")))).toBe(
      "cell\n\nbare text\n\nstray item\n",
    );
  });

  it("ignores unknown marks and reads y-prosemirror's overlapping-mark keys", () => {
    const text = txt(["lit", { sparkle: { color: "red" } }], [" up", { "bold--x1y2": {} }]);
    expect(md(p(text))).toBe("lit **up**\n");
  });

  it("renders an empty document, empty paragraphs and empty containers as nothing", () => {
    expect(fragmentToMarkdown(new Y.Doc().getXmlFragment(CONTENT_FRAGMENT))).toBe("");
    expect(md(p(), h(1), quote(p()), ul())).toBe("");
    expect(md(p(), p("only"), p())).toBe("only\n");
  });
});

describe("noteToMarkdown", () => {
  it("writes JSON-quoted front matter, then the body", () => {
    const note = {
      title: 'Plan: "v2"\nsecond line',
      tags: ["work", "a: b", 'say "hi"'],
      doc: docOf(h(1, "Heading"), p("Body")),
    };
    const out = noteToMarkdown(note);
    expect(out).toBe(
      '---\ntitle: "Plan: \\"v2\\"\\nsecond line"\ntags: ["work", "a: b", "say \\"hi\\""]\n---\n\n# Heading\n\nBody\n',
    );
    const [, title, tags] = out.split("\n");
    expect(JSON.parse(title!.slice("title: ".length))).toBe(note.title);
    expect(JSON.parse(tags!.slice("tags: ".length))).toEqual(note.tags);
  });

  it("escapes the characters YAML reads as line breaks", () => {
    const out = noteToMarkdown({ title: "a\u2028b\u0085c", tags: [], doc: new Y.Doc() });
    expect(out).toBe('---\ntitle: "a\\u2028b\\u0085c"\ntags: []\n---\n');
  });

  it("writes only the front matter for an empty note", () => {
    expect(noteToMarkdown({ title: "", tags: [], doc: docOf(p()) })).toBe(
      '---\ntitle: ""\ntags: []\n---\n',
    );
  });
});

describe("export → import", () => {
  // The whole document as data: elements with their attributes, text as its delta (runs
  // and their marks).
  type Shape = { name: string; attributes: unknown; children: Shape[] } | { delta: unknown };
  const shapeOf = (node: Y.XmlElement | Y.XmlText | Y.XmlHook): Shape =>
    node instanceof Y.XmlElement
      ? {
          name: node.nodeName,
          attributes: node.getAttributes(),
          children: node.toArray().map(shapeOf),
        }
      : { delta: node instanceof Y.XmlText ? node.toDelta() : null };

  function namesIn(shapes: Shape[], nodes: Set<string>, marks: Set<string>): void {
    for (const shape of shapes) {
      if ("delta" in shape) {
        for (const op of shape.delta as Array<{ attributes?: object }>)
          for (const mark of Object.keys(op.attributes ?? {})) marks.add(mark);
      } else {
        nodes.add(shape.name);
        namesIn(shape.children, nodes, marks);
      }
    }
  }

  it("gives back the same title, tags and document for every node and mark", () => {
    // Links carry only their target: the editor's other link attributes (target, rel)
    // are its defaults, not content, and Markdown has no place for them.
    const href = { [MARK.link]: { [ATTR.href]: "https://example.com/a?b=1" } };
    const doc = docOf(
      h(2, "Plan"),
      p(
        txt(
          "Some ",
          ["bold", B],
          ", ",
          ["italic", I],
          ", ",
          ["struck", S],
          ", ",
          ["under", U],
          ", ",
          ["marked", { [MARK.highlight]: {} }],
          ", ",
          ["code", C],
          ", a ",
          ["link", href],
          " and ",
          ["both", { ...B, ...I }],
          ".",
        ),
        br(),
        txt("second line"),
      ),
      quote(p("quoted"), p("twice")),
      ul(li(p("one")), li(p("two"), ul(li(p("nested"))))),
      ol(3, li(p("three")), li(p("four"))),
      tasks(task(false, p("open")), task(true, p("done"))),
      code("ts", "const x = 1;\n  indented"),
      table(
        tr(th(p("Day")), th(p("Plan"))),
        tr(td(p("Mon")), td(p(txt(["swim", B], " | rest")))),
        tr(td(p("Tue")), td(p())),
      ),
      hr(),
      p("end"),
    );
    const original = doc.getXmlFragment(CONTENT_FRAGMENT).toArray().map(shapeOf);
    const nodes = new Set<string>();
    const marks = new Set<string>();
    namesIn(original, nodes, marks);
    expect([...nodes].sort()).toEqual(Object.values(NODE).sort());
    expect([...marks].sort()).toEqual(Object.values(MARK).sort());

    const exported = noteToMarkdown({ title: 'Trip: "v2"', tags: ["work", "a, b"], doc });
    const front = splitFrontMatter(exported);
    const imported = new Y.Doc();
    writeMarkdown(imported, front.body);
    expect(front.title).toBe('Trip: "v2"');
    expect(front.tags).toEqual(["work", "a, b"]);
    expect(imported.getXmlFragment(CONTENT_FRAGMENT).toArray().map(shapeOf)).toEqual(original);
  });
});
