// The relay's text frames in a live room: `{"type":"peers","count":n}` counts every
// socket in the room, the receiver's too (contract.md §7, §11). Anything else is ignored.

export function parsePeers(text: string): number | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof parsed !== "object" || parsed === null) return undefined;
  const { type, count } = parsed as { type?: unknown; count?: unknown };
  return type === "peers" && typeof count === "number" && Number.isInteger(count) && count >= 0
    ? count
    : undefined;
}
