// The one plain-text reading of a note, over documents shaped the way TipTap writes
// them through y-prosemirror.
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { plainText } from "./plain-text";
import { CONTENT_FRAGMENT, readText } from "./text";

type Child = Y.XmlElement | Y.XmlText | string;

function el(name: string, attributes: Record<string, unknown>, ...children: Child[]) {
  const element = new Y.XmlElement(name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value as never);
  element.insert(
    0,
    children.map((child) => {
      if (typeof child !== "string") return child;
      const text = new Y.XmlText();
      text.insert(0, child);
      return text;
    }),
  );
  return element;
}

const p = (...children: Child[]) => el("paragraph", {}, ...children);
const li = (...blocks: Y.XmlElement[]) => el("listItem", {}, ...blocks);
const task = (checked: boolean, ...blocks: Y.XmlElement[]) =>
  el("taskItem", { checked }, ...blocks);

function docOf(...blocks: Y.XmlElement[]): Y.Doc {
  const doc = new Y.Doc();
  doc.getXmlFragment(CONTENT_FRAGMENT).insert(0, blocks);
  return doc;
}

describe("plainText", () => {
  it("puts each list item on its own line", () => {
    const doc = docOf(
      el("heading", { level: 1 }, "Trip to Lisbon"),
      el("bulletList", {}, li(p("passport")), li(p("sunscreen")), li(p("walking shoes"))),
      el("orderedList", { start: 1 }, li(p("saffron")), li(p("olive oil"), p("extra virgin"))),
    );
    expect(readText(doc)).toBe(
      "Trip to Lisbon\npassport\nsunscreen\nwalking shoes\nsaffron\nolive oil\nextra virgin",
    );
  });

  it("breaks at nested lists, quotes, code lines, rules and hard breaks; drops marks", () => {
    const bold = new Y.XmlText();
    bold.insert(0, "bold", { bold: {} });
    bold.insert(4, " words");
    const doc = docOf(
      el("bulletList", {}, li(p("outer"), el("bulletList", {}, li(p("inner"))))),
      el("blockquote", {}, p("quoted"), p(bold)),
      el("codeBlock", { language: "sh" }, "echo a\necho b"),
      el("horizontalRule", {}),
      p("one", el("hardBreak", {}), "two"),
    );
    expect(readText(doc)).toBe("outer\ninner\nquoted\nbold words\necho a\necho b\n\none\ntwo");
  });

  it("reads checklist items with their box, ticked or not, nested ones on their own lines", () => {
    const list = el(
      "taskList",
      {},
      task(false, p("passport")),
      task(true, p("sunscreen"), el("taskList", {}, task(true, p("spf 50")))),
      task(false, p()),
    );
    // An element reads on its own as well as within the document.
    const [item] = docOf(list).getXmlFragment(CONTENT_FRAGMENT).toArray();
    expect(plainText(item as Y.XmlElement)).toBe("[ ] passport\n[x] sunscreen\n[x] spf 50\n[ ]");
  });

  it("reads unknown nodes as a line when they hold text, else as their blocks", () => {
    const doc = docOf(
      el("callout", {}, p("inside"), el("mystery", {}, "text")),
      el("table", {}, el("tableRow", {}, el("tableCell", {}, p("a")), el("tableCell", {}, p("b")))),
      p("hi ", el("mention", { id: "1" }, "@bob")),
    );
    expect(readText(doc)).toBe("inside\ntext\na\nb\nhi @bob");
  });

  it("keeps empty paragraphs as empty lines and reads an empty document as nothing", () => {
    expect(readText(docOf(p("a"), p(), p("c")))).toBe("a\n\nc");
    expect(readText(new Y.Doc())).toBe("");
  });
});
