// One session's background worker (background.worker.ts), opened with the session's
// local keys: the search index's (its sealed copy restored from IndexedDB) and the
// list snapshot's. NoteSearch keeps the index through it; the Notebook's list is
// sealed and saved through it (list-publisher.ts), so neither megabyte-sized blob is
// built on the main thread.
import type { Session } from "@notes/client";
import type { LocalDb } from "../local-db";
import { localKey } from "../local-seal";
import type { NoteListItem } from "../vault-state";
import { BackgroundClient, type Reply, type WorkerLike } from "./background-client";
import { WrapWorker, type WrapWorkerLike } from "./wrap-worker";

export class SessionBackground {
  readonly client: BackgroundClient;
  /** The session's WrapOpener: a change-feed page's wraps opened here (wrap-opening.ts). */
  readonly wraps: WrapWorker;
  /** The worker's answer to "open": each restored note's stamp. Requests wait for it. */
  readonly opened: Promise<Reply<"opened">>;
  private closed = false;

  constructor(worker: WorkerLike & WrapWorkerLike, db: LocalDb, session: Session) {
    this.client = new BackgroundClient(worker);
    this.wraps = new WrapWorker(worker, session.keyPair);
    this.opened = this.open(db, session);
  }

  /** The worker, where the browser has workers; tests and servers have none. */
  static start(db: LocalDb, session: Session): SessionBackground | undefined {
    if (typeof Worker === "undefined") return undefined;
    const worker = new Worker(new URL("./background.worker.ts", import.meta.url), {
      type: "module",
    });
    return new SessionBackground(worker, db, session);
  }

  private async open(db: LocalDb, session: Session): Promise<Reply<"opened">> {
    const [key, listKey] = await Promise.all([
      localKey(session, "search"),
      localKey(session, "list"),
    ]);
    // The worker reads the sealed index from the database itself, off this thread.
    return this.client.send(
      { type: "open", key, readStored: true, listKey, dbName: db.name },
      "opened",
    );
  }

  /** Seals and stores the notes list as shown (list-snapshot.ts), in the worker. */
  async saveList(
    notes: readonly NoteListItem[],
    covers: number,
    unlisted: readonly string[],
  ): Promise<void> {
    await this.opened;
    if (!this.closed)
      await this.client.send(
        { type: "saveList", notes: [...notes], covers, unlisted: [...unlisted] },
        "saved",
      );
  }

  /** The list this tab saved last covers the cache up to `covers` (list-saver.ts). */
  async coverList(covers: number): Promise<void> {
    await this.opened;
    if (!this.closed) await this.client.send({ type: "coverList", covers }, "covered");
  }

  close(): void {
    this.closed = true;
    this.wraps.close();
    this.client.close();
  }
}
