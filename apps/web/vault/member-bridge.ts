// This member's side of the bridge (contract.md §7): its log, opened with keys that
// stay in this tab and with what this browser remembers of the bridge (the epoch it
// speaks under, whom it lets in: bridge-memory-store.ts), the transmissions the change
// feed delivers, and the older ones paged from the server.
import {
  type ApiClient,
  BridgeLog,
  keyPinsOf,
  type MemoryBridgeMemory,
  type Session,
} from "@notes/client";
import { loadSodium } from "@notes/crypto";
import { BridgeChannel } from "./bridge-channel";
import { openBridgeMemory } from "./bridge-memory-store";

export class MemberBridge {
  /** Bridge transmissions from the feed, for the Bridge page. */
  readonly feed = new BridgeChannel();
  /** One memory per account for the tab's life, so two page visits never save over each other. */
  private memory: { accountId: string; opened: Promise<MemoryBridgeMemory> } | undefined;

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
      await this.memoryOf(session),
    );
  }

  private memoryOf(session: Session): Promise<MemoryBridgeMemory> {
    if (this.memory?.accountId !== session.account.id)
      this.memory = { accountId: session.account.id, opened: openBridgeMemory(session) };
    return this.memory.opened;
  }

  /** A page of sealed transmissions, newest first; the next page with its token. */
  messages(pageToken?: string) {
    return this.api.call("bridge.listMessages", pageToken === undefined ? {} : { pageToken });
  }
}
