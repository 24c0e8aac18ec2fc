// What the bridge refuses to do, as named errors a caller branches on.

/** This member holds no key of the epoch it must speak under (or hand out). */
export class NoBridgeKey extends Error {
  override readonly name = "NoBridgeKey";
}

/**
 * The handshake, a rotation and letting someone in all hand the key out as signed
 * handouts (issue 33, item 1): a BridgeLog made without a session can only read.
 */
export class BridgeNeedsSession extends Error {
  override readonly name = "BridgeNeedsSession";
  constructor() {
    super("handing out the bridge key needs a session: handouts are signed");
  }
}

/** `admit` named someone the server does not list as lacking the current key. */
export class NotLackingBridgeKey extends Error {
  override readonly name = "NotLackingBridgeKey";
  constructor(readonly userId: string) {
    super(`${userId} is not waiting for the bridge key`);
  }
}
