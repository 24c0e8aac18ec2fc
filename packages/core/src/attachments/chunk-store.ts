// Where attachment chunks live (issue 36): the port the use cases write through, and
// its Postgres adapter. Every chunk has a row in attachment_chunks either way (that
// is how an upload knows which chunks arrived, and how long each is); the adapter
// decides whether the row's `data` holds the ciphertext (Postgres) or an object
// store does (s3-chunk-store.ts), keyed by attachment id and index.

export interface ChunkKey {
  attachmentId: string;
  index: number;
}

/** A URL a client sends a chunk to (PUT) or reads it from (GET) without the app in between. */
export interface PresignedRequest {
  url: string;
  /** Headers the request must carry as they are (they are part of the signature). */
  headers: Record<string, string>;
}

export interface ChunkStore {
  /** Named in the attachment row, so a row always reads from the store that wrote it. */
  readonly name: "postgres" | "s3";
  /** Stores a chunk; answers what the chunk row's `data` keeps (the bytes, or null when held elsewhere). */
  write(key: ChunkKey, data: Uint8Array): Promise<Uint8Array | null>;
  /** The chunk's ciphertext, given what its row's `data` holds. */
  read(key: ChunkKey, rowData: Uint8Array | null): Promise<Uint8Array>;
  /** Lets go of every chunk of these attachments, after their rows are gone. */
  forget(attachments: readonly { id: string; chunkCount: number }[]): Promise<void>;
  /**
   * Present when clients may move chunks straight to and from the store (an object
   * store's presigned URLs): a PUT of exactly `contentLength` bytes, or a GET.
   */
  presign?(
    key: ChunkKey,
    request: { method: "PUT"; contentLength: number } | { method: "GET" },
    expiresInSeconds: number,
  ): Promise<PresignedRequest>;
  /** The bytes the store holds under `key`, or null when it holds none (with `presign`). */
  sizeOf?(key: ChunkKey): Promise<number | null>;
}

/** The default: chunks in the project's database, so the embedded mode needs nothing more. */
export const postgresChunkStore: ChunkStore = {
  name: "postgres",
  write: async (_key, data) => data,
  read: async (key, rowData) => {
    if (!rowData) throw new Error(`chunk ${key.index} of ${key.attachmentId} has no data`);
    return rowData;
  },
  forget: async () => {},
};
