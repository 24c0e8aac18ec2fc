// The change feed's text frames (contract.md §7), read defensively: a frame that is
// not one of these shapes is ignored, so a newer server can add event types.

export type FeedMessage =
  | { type: "changes"; seq: string }
  | { type: "account" }
  | { type: "bridge"; message: unknown }
  | { type: "revoked" };

export function parseFeedMessage(text: string): FeedMessage | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof parsed !== "object" || parsed === null) return undefined;
  const value = parsed as Record<string, unknown>;
  switch (value.type) {
    case "changes":
      // seq is a decimal string (int64); a number is accepted from lenient servers.
      if (typeof value.seq === "string") return { type: "changes", seq: value.seq };
      return typeof value.seq === "number"
        ? { type: "changes", seq: String(value.seq) }
        : undefined;
    case "account":
      return { type: "account" };
    case "bridge":
      return { type: "bridge", message: value.message };
    case "revoked":
      return { type: "revoked" };
    default:
      return undefined;
  }
}
