// Inline Markdown for the note export (to-markdown.ts owns the blocks): XmlText attributes
// are mark names (schema.ts); runs become segments whose edge whitespace settles outside
// delimiters, then render as emphasis, code spans and links, escaped.
import * as Y from "yjs";
import { ATTR, MARK, type MarkName, NODE } from "./schema";

export type XmlNode = Y.XmlElement | Y.XmlText | Y.XmlHook;

interface Mark {
  name: MarkName;
  href: string;
}

// Outermost first. Code is innermost because nothing can be formatted inside a code span;
// link is outermost so emphasis stays inside the brackets.
const MARK_ORDER: readonly MarkName[] = [
  MARK.link,
  MARK.bold,
  MARK.italic,
  MARK.strike,
  MARK.underline,
  MARK.highlight,
  MARK.code,
];
const OPEN: Record<Exclude<MarkName, typeof MARK.code>, string> = {
  [MARK.link]: "[",
  [MARK.bold]: "**",
  [MARK.italic]: "_",
  [MARK.strike]: "~~",
  [MARK.underline]: "<u>",
  // Not CommonMark's: written as HTML, like underline, and read back as the mark.
  [MARK.highlight]: "<mark>",
};
const CLOSE: Partial<Record<MarkName, string>> = {
  [MARK.underline]: "</u>",
  [MARK.highlight]: "</mark>",
};

type Segment =
  | { kind: "text"; text: string; marks: Mark[] }
  | { kind: "space"; text: string; marks: Mark[] }
  | { kind: "break"; marks: Mark[] };

export type DeltaOp = { insert?: unknown; attributes?: Record<string, unknown> };

/** The nodes' inline content as Markdown; lines are separated by "\n" and not yet trimmed. */
export function renderInlineNodes(nodes: XmlNode[]): string {
  return renderInline(collectSegments(nodes));
}

function deltaOf(text: Y.XmlText): DeltaOp[] {
  return text.toDelta() as DeltaOp[];
}

function collectSegments(nodes: XmlNode[]): Segment[] {
  const out: Segment[] = [];
  appendSegments(nodes, out);
  return settleWhitespace(out);
}

function appendSegments(nodes: XmlNode[], out: Segment[]): void {
  for (const node of nodes) {
    if (node instanceof Y.XmlText) {
      for (const op of deltaOf(node)) {
        if (typeof op.insert !== "string") continue;
        const marks = marksOf(op.attributes);
        op.insert.split(/\r?\n/).forEach((part, i) => {
          if (i > 0) out.push({ kind: "break", marks: [] });
          pushText(out, part, marks);
        });
      }
    } else if (node instanceof Y.XmlElement) {
      if (node.nodeName === NODE.hardBreak) out.push({ kind: "break", marks: [] });
      else appendSegments(node.toArray(), out);
    }
  }
}

// Splits edge whitespace off so it can sit outside delimiters: "**a **" is not bold.
function pushText(out: Segment[], text: string, marks: Mark[]): void {
  if (text === "") return;
  if (marks.some((mark) => mark.name === MARK.code)) {
    out.push({ kind: "text", text, marks });
    return;
  }
  const start = text.length - text.trimStart().length;
  const end = text.trimEnd().length;
  if (end <= start) {
    out.push({ kind: "space", text, marks });
    return;
  }
  if (start > 0) out.push({ kind: "space", text: text.slice(0, start), marks });
  out.push({ kind: "text", text: text.slice(start, end), marks });
  if (end < text.length) out.push({ kind: "space", text: text.slice(end), marks });
}

// Whitespace and breaks keep only the marks shared by the text on both sides, so delimiters
// always touch non-space characters.
function settleWhitespace(segments: Segment[]): Segment[] {
  const before: Mark[][] = [];
  let last: Mark[] = [];
  for (const segment of segments) {
    before.push(last);
    if (segment.kind === "text") last = segment.marks;
  }
  let next: Mark[] = [];
  for (let i = segments.length - 1; i >= 0; i--) {
    const segment = segments[i]!;
    if (segment.kind === "text") {
      next = segment.marks;
      continue;
    }
    let shared = commonPrefix(before[i]!, next);
    if (segment.kind === "space") shared = commonPrefix(shared, segment.marks);
    // A code span cannot hold a line break.
    else if (shared.at(-1)?.name === MARK.code) shared = shared.slice(0, -1);
    segment.marks = shared;
  }
  return segments;
}

function commonPrefix(a: Mark[], b: Mark[]): Mark[] {
  let n = 0;
  while (n < a.length && n < b.length && sameMark(a[n]!, b[n]!)) n++;
  return a.slice(0, n);
}

function sameMark(a: Mark, b: Mark): boolean {
  return a.name === b.name && a.href === b.href;
}

function marksOf(attributes: Record<string, unknown> | undefined): Mark[] {
  const found = new Map<string, Mark>();
  for (const [key, value] of Object.entries(attributes ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    // y-prosemirror stores marks that may overlap as "name--hash".
    const name = key.split("--")[0] ?? key;
    if (name === MARK.link) {
      const href = hrefOf(value);
      if (href !== "") found.set(name, { name, href });
    } else if (name in OPEN || name === MARK.code) {
      found.set(name, { name: name as MarkName, href: "" });
    }
  }
  return MARK_ORDER.flatMap((name) => found.get(name) ?? []);
}

function hrefOf(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "object" && value !== null && ATTR.href in value) {
    const href = value[ATTR.href];
    return typeof href === "string" ? href : "";
  }
  return "";
}

function renderInline(segments: Segment[]): string {
  const pieces: string[] = [];
  const stack: Array<{ mark: Mark; at: number }> = [];
  const italics: Array<[number, number]> = [];
  let code = "";

  const close = (depth: number) => {
    while (stack.length > depth) {
      const { mark, at } = stack.pop()!;
      if (mark.name === MARK.code) pieces.push(codeSpan(code));
      else if (mark.name === MARK.link) pieces.push(`](${linkDestination(mark.href)})`);
      else pieces.push(CLOSE[mark.name] ?? OPEN[mark.name]);
      if (mark.name === MARK.italic) italics.push([at, pieces.length - 1]);
    }
  };

  for (const segment of segments) {
    let depth = 0;
    while (
      depth < stack.length &&
      depth < segment.marks.length &&
      sameMark(stack[depth]!.mark, segment.marks[depth]!)
    ) {
      depth++;
    }
    close(depth);
    for (const mark of segment.marks.slice(depth)) {
      if (mark.name === MARK.code) code = "";
      // "!" right before "[" would turn the link into an image.
      if (mark.name === MARK.link && pieces.at(-1)?.endsWith("!")) {
        pieces.push(`${pieces.pop()!.slice(0, -1)}\\!`);
      }
      stack.push({ mark, at: pieces.length });
      pieces.push(mark.name === MARK.code ? "" : OPEN[mark.name]);
    }
    if (segment.kind === "break") pieces.push("\n");
    else if (stack.at(-1)?.mark.name === MARK.code) code += segment.text;
    else pieces.push(escapeText(segment.text));
  }
  close(0);

  // "_" cannot open or close emphasis inside a word; "*" can.
  for (const [open, closing] of italics) {
    if (isWordChar(neighbour(pieces, open, -1)) || isWordChar(neighbour(pieces, closing, 1))) {
      pieces[open] = "*";
      pieces[closing] = "*";
    }
  }
  return pieces.join("");
}

function neighbour(pieces: string[], index: number, step: 1 | -1): string {
  for (let i = index + step; i >= 0 && i < pieces.length; i += step) {
    const piece = pieces[i]!;
    if (piece !== "") return step === 1 ? piece.charAt(0) : piece.charAt(piece.length - 1);
  }
  return "";
}

function isWordChar(char: string | undefined): boolean {
  return char !== undefined && /[\p{L}\p{N}]/u.test(char);
}

function codeSpan(code: string): string {
  const fence = "`".repeat(longestBacktickRun(code) + 1);
  // A reader strips one space from each end when both are present, and a backtick at an
  // end would merge with the fence.
  const pad = /^`|`$/.test(code) || /^ .*[^ ].* $/s.test(code) ? " " : "";
  return `${fence}${pad}${code}${pad}${fence}`;
}

// A loop rather than Math.max(...runs), which overflows the stack on huge inputs.
export function longestBacktickRun(text: string): number {
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  return longest;
}

function linkDestination(href: string): string {
  return href.replace(/[\\()<>]/g, "\\$&").replace(/[\s\p{Cc}]/gu, (c) => encodeURIComponent(c));
}

// Characters that start inline syntax anywhere in a line; "&" only when it would read as an
// entity, "_" only where it could delimit emphasis (not inside a word like snake_case).
function escapeText(text: string): string {
  return text.replace(/[\\`*_[\]<~]|&(?=#?[a-z0-9]+;)/gi, (char, offset: number) => {
    if (char === "_" && isWordChar(text[offset - 1]) && isWordChar(text[offset + 1])) return char;
    return `\\${char}`;
  });
}
