// Which upgrade paths are ours: the change feed and a note's live room.
export type Target = { kind: "feed" } | { kind: "room"; noteId: string };

const FEED_PATH = "/v1/feed";
const ROOM_PATH = /^\/v1\/rooms\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The socket a path asks for; room note ids come back lower-cased, as rooms are keyed. */
export function parseTarget(pathname: string): Target | undefined {
  if (pathname === FEED_PATH) return { kind: "feed" };
  const room = ROOM_PATH.exec(pathname);
  return room?.[1] ? { kind: "room", noteId: room[1].toLowerCase() } : undefined;
}
