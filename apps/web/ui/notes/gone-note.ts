// The words of an empty note pane whose note has left this device: say why, and
// who did it when that is known, instead of a bare "not here any more". The vault
// knows why from sync (vault.departure(id), vault/note-departures.ts).
import type { NoteDeparture } from "../../vault/note-departures";

const FALLBACK = "This note is not here any more. Pick another one.";

export function goneNoteMessage(departure: NoteDeparture | undefined): string {
  if (!departure) return FALLBACK;
  const named = departure.title.trim() ? `“${departure.title.trim()}”` : undefined;
  if (departure.keptAside) {
    const who = departure.owner ?? (named ? `The owner of ${named}` : "The owner of this note");
    const what = departure.owner ? (named ?? "this note") : "it";
    const happened =
      departure.reason === "unshared" ? `stopped sharing ${what} with you` : `deleted ${what}`;
    return `${who} ${happened}, the server says. The owner did not sign that, so this device keeps a copy in the Trash. Pick another note.`;
  }
  if (departure.reason === "unshared") {
    const who = departure.owner ?? (named ? `The owner of ${named}` : "The owner of this note");
    const what = departure.owner ? (named ?? "this note") : "it";
    return `${who} stopped sharing ${what} with you, so it is no longer on this device. Pick another note.`;
  }
  if (departure.wasOwner)
    return `${named ?? "This note"} was deleted in another window or on another device. Pick another note.`;
  const who = departure.owner ?? "Its owner";
  return `${who} deleted ${named ?? "this note"}, so it is no longer here. Pick another note.`;
}
