// Bridge transmissions heard on the change feed (contract.md §7), handed to the
// screens listening (the Bridge page) and to nobody else. A page that mounts
// later pages the log from the server, so nothing is kept here.
export type BridgeListener = (message: unknown) => void;

export class BridgeChannel {
  private readonly listeners = new Set<BridgeListener>();

  listen(listener: BridgeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  deliver(message: unknown): void {
    for (const listener of this.listeners) listener(message);
  }
}
