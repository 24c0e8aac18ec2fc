// Chunk ciphertext straight to and from the object store (issue 36), when an
// attachment's record says `directTransfer`: presigned URLs are asked for a batch of
// the chunks to come, each chunk is sent raw (no Base64, no JSON) or fetched raw, and
// a sent chunk is recorded with `…/chunks/{index}:stored`. The URLs are the server's
// word like everything else: only ciphertext goes to them, no credential is sent, and
// what comes back is opened and checked as a chunk from the chunk route is. A store
// the client cannot reach (a network or CORS failure), or a server that no longer
// presigns, turns direct transfer off for the rest of the transfer, and the chunk goes
// through the app instead.
import { InvalidAttachment } from "@notes/crypto";
import type { ApiClient, FetchLike } from "../api/client";
import { isProblem } from "../api/problem";
import type { Output } from "../api/types";

type Presigned = Output<"attachments.presign">["chunks"][number];

/** URLs are asked this many chunks at a time. */
const BATCH = 32;
/** A URL is used for at most this long after it was received (the server's lasts longer). */
const URL_LIFETIME_MS = 5 * 60 * 1000;

export interface DirectChunks {
  /** False once the store proved unreachable: send or fetch through the app from then on. */
  readonly usable: boolean;
  /** Sends a chunk to the store and records it; false when the store was unreachable. */
  put(index: number, sealed: Uint8Array): Promise<boolean>;
  /** The chunk's ciphertext from the store; undefined when the store was unreachable. */
  get(index: number): Promise<Uint8Array | undefined>;
}

export function directChunks(
  api: ApiClient,
  attachment: { noteId: string; id: string },
  direction: "upload" | "download",
  /** The indices this transfer will move, in the order it moves them. */
  upcoming: readonly number[],
  fetchStore: FetchLike = (url, init) => globalThis.fetch(url, init),
): DirectChunks {
  const urls = new Map<number, { at: number; url: Promise<Presigned> }>();
  const place = new Map(upcoming.map((index, at) => [index, at]));
  let usable = true;

  const fresh = (index: number) => {
    const kept = urls.get(index);
    return kept && Date.now() - kept.at < URL_LIFETIME_MS ? kept.url : undefined;
  };
  const urlFor = (index: number): Promise<Presigned> => {
    const kept = fresh(index);
    if (kept) return kept;
    const from = place.get(index) ?? upcoming.length;
    const batch = [index];
    for (let at = from + 1; at < upcoming.length && batch.length < BATCH; at++) {
      const next = upcoming[at] as number;
      if (!fresh(next)) batch.push(next);
    }
    const answer = api.call("attachments.presign", {
      id: attachment.noteId,
      attachmentId: attachment.id,
      direction,
      indices: batch,
    });
    const at = Date.now();
    for (const i of batch) {
      const url = answer.then(({ chunks }) => {
        const found = chunks.find((c) => c.index === i);
        if (!found || !/^https?:\/\//i.test(found.url))
          throw new InvalidAttachment(`the server gave no usable URL for chunk ${i}`);
        return found;
      });
      url.catch(() => undefined); // a batch's other chunks may never be asked for
      urls.set(i, { at, url });
    }
    return urls.get(index)?.url as Promise<Presigned>;
  };

  /** The store's answer; undefined when it could not be reached at all. */
  const send = async (index: number, init: RequestInit): Promise<Response | undefined> => {
    let signed: Presigned;
    try {
      signed = await urlFor(index);
    } catch (error) {
      // The server no longer presigns (its operator turned it off mid-upload): the chunk routes.
      if (!isProblem(error, "direct-transfer-unavailable")) throw error;
      usable = false;
      return undefined;
    }
    try {
      return await fetchStore(signed.url, {
        ...init,
        headers: signed.headers,
        credentials: "omit",
      });
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
      usable = false;
      return undefined;
    }
  };
  const refused = (index: number, res: Response) =>
    new Error(`the store answered ${res.status} for chunk ${index}`);

  return {
    get usable() {
      return usable;
    },
    async put(index, sealed) {
      if (!usable) return false;
      // A Blob body: the browser hands its bytes over without the page copying them
      // (a Uint8Array body cost the page seconds a 100 MB file under DevTools: BENCHMARKS.md).
      const body = new Blob([sealed as Uint8Array<ArrayBuffer>]);
      let res = await send(index, { method: "PUT", body });
      if (res?.status === 403) {
        urls.delete(index); // expired: once more with a new URL
        res = await send(index, { method: "PUT", body });
      }
      if (!res) return false;
      if (!res.ok) throw refused(index, res);
      await api.call("attachments.chunkStored", {
        id: attachment.noteId,
        attachmentId: attachment.id,
        index,
      });
      return true;
    },
    async get(index) {
      if (!usable) return undefined;
      let res = await send(index, { method: "GET" });
      if (res?.status === 403) {
        urls.delete(index);
        res = await send(index, { method: "GET" });
      }
      if (!res) return undefined;
      if (!res.ok) throw refused(index, res);
      return new Uint8Array(await res.arrayBuffer());
    },
  };
}

/** Direct transfer for this record when it offers it and the caller did not turn it off. */
export function directChunksFor(
  api: ApiClient,
  record: { noteId: string; id: string; directTransfer?: true | undefined },
  direction: "upload" | "download",
  upcoming: readonly number[],
  options: { direct?: boolean | undefined; fetchStore?: FetchLike | undefined },
): DirectChunks | undefined {
  if (!record.directTransfer || options.direct === false) return undefined;
  return directChunks(api, record, direction, upcoming, options.fetchStore);
}
