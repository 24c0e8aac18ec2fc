// The relay's text frames in a live room: `{"type":"peers","count":n}` counts every
// socket in the room, the receiver's too (contract.md §7, §11). Anything else is ignored.

/** Whether the text is the relay's `{"type":"member-removed"}` notice. */
export function isMemberRemoved(text: string): boolean {
  try {
    const parsed: unknown = JSON.parse(text);
    return (
      typeof parsed === "object" &&
      parsed !== null &&
      (parsed as { type?: unknown }).type === "member-removed"
    );
  } catch {
    return false;
  }
}

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
