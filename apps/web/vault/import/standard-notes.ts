// A Standard Notes plaintext backup ("Export backup", decrypted): JSON with
// `items`, where notes are {content_type: "Note", content: {title, text, pinned?,
// trashed?}, created_at} and tags are {content_type: "Tag", content: {title,
// references: [{uuid}]}} pointing at notes. Encrypted backups cannot be read here
// and say so; deleted items and other types are left out.
import type { ImportedNote } from "./read-import";

interface Item {
  uuid?: unknown;
  content_type?: unknown;
  deleted?: unknown;
  created_at?: unknown;
  content?: unknown;
}

const str = (v: unknown) => (typeof v === "string" ? v : undefined);
const MAX_TEXT = 1024 * 1024;

export function readStandardNotes(json: string): { notes: ImportedNote[]; skipped: string[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new Error("not JSON");
  }
  const items = (parsed as { items?: unknown })?.items;
  if (!Array.isArray(items)) throw new Error("not a Standard Notes backup (no items)");
  const valid = items.filter((i): i is Item => typeof i === "object" && i !== null && !i.deleted);
  if (valid.some((i) => typeof i.content === "string" && /^00[0-9]/.test(i.content)))
    throw new Error("an encrypted backup: export a decrypted (plaintext) backup instead");

  const tagsOf = new Map<string, string[]>();
  for (const item of valid) {
    if (item.content_type !== "Tag") continue;
    const content = item.content as { title?: unknown; references?: unknown };
    const title = str(content?.title)?.trim();
    if (!title || !Array.isArray(content.references)) continue;
    for (const ref of content.references) {
      const id = str((ref as { uuid?: unknown })?.uuid);
      if (id) tagsOf.set(id, [...(tagsOf.get(id) ?? []), title]);
    }
  }

  const notes: ImportedNote[] = [];
  const skipped: string[] = [];
  for (const item of valid) {
    if (item.content_type !== "Note") continue;
    const content = item.content as Record<string, unknown> | undefined;
    const title = str(content?.title) ?? "";
    const text = str(content?.text) ?? "";
    if (text.length > MAX_TEXT) {
      skipped.push(`${title || "a note"}: larger than 1 MiB`);
      continue;
    }
    const created = str(item.created_at);
    notes.push({
      title,
      tags: [...new Set(tagsOf.get(str(item.uuid) ?? "") ?? [])],
      body: text,
      format: "text",
      ...(content?.pinned === true && { pinned: true }),
      ...(content?.trashed === true && { trashed: true }),
      ...(created &&
        !Number.isNaN(Date.parse(created)) && { createdAt: new Date(created).toISOString() }),
    });
  }
  return { notes, skipped };
}
