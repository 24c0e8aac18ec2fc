// The front matter the export writes (noteToMarkdown: `---\ntitle: "…"\ntags: ["a", "b"]\n---`),
// read back leniently: JSON-quoted or bare values, tags as a flow list or a comma
// list. Anything else in the block is ignored; a file without one is all body.
export interface FrontMatter {
  title?: string;
  tags?: string[];
  body: string;
}

const BLOCK = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;
const MAX_BLOCK = 64 * 1024;

export function splitFrontMatter(text: string): FrontMatter {
  const match = BLOCK.exec(text.slice(0, MAX_BLOCK + 16));
  if (!match) return { body: text.replace(/^\uFEFF/, "") };
  const out: FrontMatter = { body: text.slice(match[0].length).replace(/^\r?\n/, "") };
  for (const line of (match[1] ?? "").split(/\r?\n/)) {
    const field = /^(title|tags):[ \t]*(.*)$/.exec(line);
    if (!field) continue;
    const value = field[2]?.trim() ?? "";
    if (field[1] === "title") out.title = scalar(value);
    else out.tags = list(value);
  }
  return out;
}

function scalar(value: string): string {
  if (value.startsWith('"')) {
    try {
      const parsed: unknown = JSON.parse(value);
      if (typeof parsed === "string") return parsed;
    } catch {
      // not JSON: fall through to the raw text
    }
  }
  if (value.length >= 2 && value.startsWith("'") && value.endsWith("'"))
    return value.slice(1, -1).replace(/''/g, "'");
  return value;
}

function list(value: string): string[] {
  const inner = value.startsWith("[") && value.endsWith("]") ? value.slice(1, -1) : value;
  if (inner.trim() === "") return [];
  try {
    const parsed: unknown = JSON.parse(`[${inner}]`);
    if (Array.isArray(parsed) && parsed.every((t) => typeof t === "string")) return clean(parsed);
  } catch {
    // bare words: split on commas below
  }
  return clean(inner.split(",").map(scalar));
}

function clean(tags: string[]): string[] {
  return [...new Set(tags.map((t) => t.trim()).filter((t) => t !== ""))].slice(0, 100);
}
