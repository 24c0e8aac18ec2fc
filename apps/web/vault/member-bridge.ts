// This member's side of the bridge (contract.md §7): its log, opened with keys that
// stay in this tab, the transmissions the change feed delivers, and the older ones
// paged from the server.
import { type ApiClient, BridgeLog, keyPinsOf, type Session } from "@notes/client";
import { loadSodium } from "@notes/crypto";
import { BridgeChannel } from "./bridge-channel";

export class MemberBridge {
  /** Bridge transmissions from the feed, for the Bridge page. */
  readonly feed = new BridgeChannel();

  constructor(
    private readonly api: ApiClient,
    private readonly session: () => Session,
  ) {}

  /** This member's view of the bridge (its keys stay in this tab). */
  async open(): Promise<BridgeLog> {
    const session = this.session();
    return new BridgeLog(
      this.api,
      await loadSodium(),
      session.keyPair,
      session.account.id,
      keyPinsOf(session),
      session,
    );
  }

  /** A page of sealed transmissions, newest first; the next page with its token. */
  messages(pageToken?: string) {
    return this.api.call("bridge.listMessages", pageToken === undefined ? {} : { pageToken });
  }
}
