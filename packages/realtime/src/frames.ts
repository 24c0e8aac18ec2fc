// What the relay says to clients (contract.md §7): close codes and the JSON text
// frames, encoded once to a Buffer so a fan-out to many sockets serialises once.

export const CLOSE = {
  goingAway: 1001,
  tooBig: 1009,
  internalError: 1011,
  tryAgainLater: 1013,
  unauthorized: 4401,
  forbidden: 4403,
} as const;

export type CloseCode = (typeof CLOSE)[keyof typeof CLOSE];

function encode(message: object): Buffer {
  return Buffer.from(JSON.stringify(message));
}

export const ACCOUNT_FRAME = encode({ type: "account" });
export const REVOKED_FRAME = encode({ type: "revoked" });
/**
 * To a room's remaining sockets when the relay closed a member's for leaving the
 * roster. Clients sync on it and adopt nothing: the relay's word must never make a
 * device append others' frames as its own (issue 33, item 8; docs/sharing.md).
 */
export const MEMBER_REMOVED_FRAME = encode({ type: "member-removed" });

/** Seqs travel as strings: they may outgrow a double's exact range on the client. */
export function changesFrame(seq: number): Buffer {
  return encode({ type: "changes", seq: String(seq) });
}

export function peersFrame(count: number): Buffer {
  return encode({ type: "peers", count });
}

/** A bridge transmission for members with bridge access. */
export function bridgeFrame(message: object): Buffer {
  return encode({ type: "bridge", message });
}
