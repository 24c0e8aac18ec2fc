// Images a Markdown file shows, brought in with it (issue 36): what people's exports
// hold. A zip of notes with their images beside them (this app's export keeps them under
// attachments/{id}/, Obsidian, Bear and Notion exports in folders next to the note), the
// .md files picked together with their images, and images written into the Markdown as
// data: URLs. `![alt](path)` is resolved against the note's own folder (URL-escapes
// undone), else by file name; an image found becomes an attachment of the note, sealed
// and uploaded like a pasted one. An image on the web is not fetched (the import asks no
// other site for anything): its alt text stays, as before.

/** Image files an import brings in, and the type each is shown as. */
const TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  bmp: "image/bmp",
};

/** The largest image brought in (the app's own attachments may be larger; pictures are not). */
export const IMAGE_BYTES = 20 * 1024 * 1024;

export interface ImportedImage {
  name: string;
  type: string;
  bytes: Uint8Array;
}

/** A note's Markdown cut at the images it shows: text to write, then an image, and so on. */
export type MarkdownPart = string | ImportedImage;

export function imageType(path: string): string | undefined {
  return TYPES[path.split(".").pop()?.toLowerCase() ?? ""];
}

// ![alt](destination "title"): the destination bare or in angle brackets. Images in
// code are left alone by cutting only outside fenced blocks and inline code (below).
const IMAGE = /!\[((?:[^\]\\]|\\.)*)\]\(\s*(<[^>\n]*>|[^\s)]+)(?:\s+"[^"\n]*")?\s*\)/g;
const FENCE = /^(```|~~~)/;

/**
 * Cuts `markdown` at each image `find` resolves; an image it does not resolve stays in
 * the text (and is reported through `missing` unless it is on the web).
 */
export function cutAtImages(
  markdown: string,
  find: (src: string) => ImportedImage | undefined,
  missing: (src: string) => void,
): MarkdownPart[] {
  const parts: MarkdownPart[] = [];
  let text = "";
  let fenced = false;
  for (const line of markdown.split(/(?<=\n)/)) {
    if (FENCE.test(line.trimStart())) fenced = !fenced;
    if (fenced || !line.includes("![")) {
      text += line;
      continue;
    }
    let at = 0;
    for (const match of line.matchAll(IMAGE)) {
      const index = match.index ?? 0;
      const before = line.slice(at, index);
      // Inside inline code (an odd number of backticks before it): not an image.
      if (((line.slice(0, index).match(/`/g)?.length ?? 0) & 1) === 1) continue;
      const src = (match[2] ?? "").replace(/^<|>$/g, "");
      const image = find(src);
      if (!image) {
        if (!/^https?:/i.test(src)) missing(src);
        continue;
      }
      text += before;
      if (text.trim() !== "") parts.push(text);
      parts.push(image);
      text = "";
      at = index + match[0].length;
    }
    text += line.slice(at);
  }
  if (text.trim() !== "") parts.push(text);
  return parts;
}

/** A `data:image/…;base64,` URL's image, or undefined for anything else. */
export function dataUrlImage(src: string, index: number): ImportedImage | undefined {
  const match = /^data:(image\/(?:png|jpeg|gif|webp|avif|bmp));base64,([A-Za-z0-9+/=\s]+)$/i.exec(
    src,
  );
  if (!match?.[1] || !match[2] || (match[2].length * 3) / 4 > IMAGE_BYTES) return undefined;
  try {
    const binary = atob(match[2].replace(/\s+/g, ""));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const type = match[1].toLowerCase();
    const extension = Object.entries(TYPES).find(([, t]) => t === type)?.[0] ?? "png";
    return { name: `image ${index}.${extension}`, type, bytes };
  } catch {
    return undefined;
  }
}

/** The path `src` names from a note at `notePath` (both inside one zip or one pick). */
export function resolvePath(notePath: string, src: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURI(src.split(/[?#]/)[0] ?? "");
  } catch {
    decoded = src;
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(decoded) || decoded.startsWith("/")) return undefined;
  const parts = notePath.split("/").slice(0, -1);
  for (const part of decoded.split("/")) {
    if (part === "..") parts.pop();
    else if (part !== "." && part !== "") parts.push(part);
  }
  return parts.join("/");
}
