// A Markdown file without a title in front matter is named by its first line when
// that is a level-one heading ("# Trip to Lisbon"), otherwise by its file name. The
// heading then leaves the body, where it would only repeat the title (as Notesnook
// and Standard Notes import such files).
import type { Token } from "markdown-it";
import { markdownIt } from "./from-markdown";

/** Blank lines, then an ATX "# " heading: its text, without a closing run of "#". */
const FIRST_HEADING = /^(?:[ \t]*\r?\n)*[ ]{0,3}#(?:[ \t]+(.*?))??(?:[ \t]+#+)?[ \t]*(?:\r?\n|$)/;

export interface TitledBody {
  title: string;
  body: string;
}

/** The title the leading heading gives and the body after it, or undefined when none does. */
export function takeHeadingTitle(markdown: string): TitledBody | undefined {
  const heading = FIRST_HEADING.exec(markdown);
  const title = plainInline(heading?.[1] ?? "");
  if (!heading || title === "") return undefined;
  return { title, body: markdown.slice(heading[0].length) };
}

/** The heading's words as a reader sees them: no emphasis markers or escapes. */
function plainInline(markdown: string): string {
  const tokens: Token[] = markdownIt.parseInline(markdown, {})[0]?.children ?? [];
  let out = "";
  for (const token of tokens) {
    if (token.type === "text" || token.type === "code_inline" || token.type === "image")
      out += token.content;
    else if (token.type === "html_inline" && !/^<\/?u>$/i.test(token.content.trim()))
      out += token.content;
  }
  return out.replace(/\s+/g, " ").trim();
}
