// Where the web app keeps uploads for resuming (upload-keeping.ts): in a background
// worker of its own in the browser, so sealing a large file (or opening it after a
// reload) never runs on the tab's main thread, and never waits behind, or holds up,
// the search index's worker; the chunks are sealed there too. Without workers (tests),
// the same code runs in-process.
import type { ChunkOpener, ChunkSealer } from "@notes/client";
import { DecryptionFailed, InvalidAttachment, InvalidEncoding } from "@notes/crypto";
import { BackgroundClient } from "./background/background-client";
import {
  handleUploadRequest,
  type KeptUpload,
  type UploadReply,
  type UploadRequest,
} from "./background/upload-keeping";
import { PendingUploads } from "./pending-uploads";

export interface UploadKeeper {
  keep(key: Uint8Array, entry: KeptUpload, file: Blob): Promise<void>;
  list(): Promise<KeptUpload[]>;
  read(key: Uint8Array, attachmentId: string): Promise<Blob | undefined>;
  /** Seals a chunk for the SDK's upload (TransferOptions.sealChunk). */
  sealChunk: ChunkSealer;
  /** Opens a downloaded chunk for the SDK's download (TransferOptions.openChunk). */
  openChunk: ChunkOpener;
}

type Send = <T extends UploadReply["type"]>(
  request: UploadRequest,
  expect: T,
) => Promise<Extract<UploadReply, { type: T }>>;

function keeperOver(send: Send): UploadKeeper {
  return {
    keep: async (key, entry, file) => {
      await send({ type: "keepUpload", key, entry, file }, "saved");
    },
    list: async () => (await send({ type: "listUploads" }, "uploads")).entries,
    read: async (key, attachmentId) =>
      (await send({ type: "readUpload", key, attachmentId }, "upload")).file,
    sealChunk: async (chunk) => (await send({ type: "sealChunk", ...chunk }, "chunk")).data,
    openChunk: (chunk) =>
      send({ type: "openChunk", ...chunk }, "chunkOpened").then(
        (reply) => reply.plaintext,
        (error: unknown) => {
          throw refusalOf(error);
        },
      ),
  };
}

/**
 * A refusal from the worker as the SDK would have thrown it here (the worker's reply
 * carries only `Name: message`), so the view still tells a tampered chunk from a lost
 * connection.
 */
export function refusalOf(error: unknown): unknown {
  const said = error instanceof Error ? error.message : String(error);
  const [, name, rest = ""] = /^(\w+): ([\s\S]*)$/.exec(said) ?? [];
  if (name === "DecryptionFailed") {
    const named = new DecryptionFailed("the chunk");
    named.message = rest;
    return named;
  }
  if (name === "InvalidAttachment") return new InvalidAttachment(rest);
  if (name === "InvalidEncoding") return new InvalidEncoding(rest);
  return error;
}

/** The worker (started on first use) where the browser has workers, else in-process. */
export function uploadKeeper(pending: PendingUploads = new PendingUploads()): UploadKeeper {
  if (typeof Worker === "undefined")
    return keeperOver(async (request, expect) => {
      const reply = await handleUploadRequest(pending, request);
      if (reply.type !== expect) throw new Error(`unexpected ${reply.type}`);
      return reply as never;
    });
  let client: BackgroundClient | undefined;
  return keeperOver((request, expect) => {
    client ??= new BackgroundClient(
      new Worker(new URL("./background/background.worker.ts", import.meta.url), {
        type: "module",
      }),
    );
    return client.send(request, expect) as never;
  });
}
