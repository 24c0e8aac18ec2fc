// The shared note's Markdown as HTML for the public page: CommonMark with
// strikethrough, raw HTML shown as text (never markup), links that carry no referrer
// and open apart. An image is drawn only when it is one of the link's own images
// (`![name](attachment:{id})`, downloaded and opened on the device) and the page passes
// its blob: URL; any other image (a request to wherever the author pointed, and the
// page sends none) and one not loaded yet are shown as their alt text. markdown-it
// escapes text and refuses javascript:, vbscript:, file: and most data: links.
import MarkdownIt from "markdown-it";

const markdown = new MarkdownIt("commonmark", { html: false, maxNesting: 100 }).enable(
  "strikethrough",
);

const ATTACHMENT = /^attachment:([0-9a-f-]{36})$/i;

const renderLink = markdown.renderer.rules.link_open;
markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  const token = tokens[index];
  token?.attrSet("rel", "noopener noreferrer nofollow");
  token?.attrSet("target", "_blank");
  return renderLink
    ? renderLink(tokens, index, options, env, self)
    : self.renderToken(tokens, index, options);
};

markdown.renderer.rules.image = (tokens, index, options, env, self) => {
  const token = tokens[index];
  const alt = self.renderInlineAsText(token?.children ?? [], options, env);
  const id = ATTACHMENT.exec(String(token?.attrGet("src") ?? ""))?.[1]?.toLowerCase();
  const images = (env as RenderEnv | undefined)?.images;
  const url = id === undefined ? undefined : images?.get(id);
  const html = markdown.utils.escapeHtml;
  if (url === undefined || !url.startsWith("blob:"))
    return `<span class="shared-image-alt">${html(alt)}</span>`;
  return `<img src="${html(url)}" alt="${html(alt)}" data-attachment="${id}">`;
};

type RenderEnv = { images?: ReadonlyMap<string, string> | undefined };

/** `images`: the link's images loaded so far, attachment id (lower-case) → blob: URL. */
export function renderSharedText(text: string, images?: ReadonlyMap<string, string>): string {
  const env: RenderEnv = { images };
  return markdown.render(text, env);
}
