// An in-memory attachment server for the SDK's tests (issue 36): it keeps records and
// chunks as /v1 would, answers the attachment routes through a fetch function, and
// lets a test turn hostile: `serveChunk` decides which stored chunk answers a read,
// `serveRecord` rewrites a record before it is answered.
import type { FetchLike } from "../../../src/api/client";

export interface StoredRecord {
  id: string;
  noteId: string;
  wrappedKey: string;
  metadata: string;
  chunkSize: number;
  chunkCount: number;
  size: number;
  state: "uploading" | "complete" | "detached";
  createdAt: string;
  completedAt?: string;
  missingChunks?: number[];
  directTransfer?: true;
}

export interface AttachmentServer {
  fetch: FetchLike;
  records: Map<string, StoredRecord>;
  /** Stored chunks by `${attachmentId}/${index}` (Base64). */
  chunks: Map<string, string>;
  /** Every chunk PUT, in order: `${attachmentId}/${index}`. */
  puts: string[];
  serveChunk: (attachmentId: string, index: number) => string | undefined;
  serveRecord: (record: StoredRecord) => StoredRecord;
  /** Answers this many more chunk PUTs, then fails every one with a 503 (a dropped connection). */
  failPutsAfter?: number;
  /** Chunks sent straight to the store (`${attachmentId}/${index}`), and read from it. */
  storePuts: string[];
  storeGets: string[];
  /** Presign requests, each the indices it asked for. */
  presigned: number[][];
  /** The store cannot be reached (as a browser sees a CORS refusal): fetch throws a TypeError. */
  storeUnreachable: boolean;
  /** Requests to the store that carried an Authorization header or cookies. */
  credentialsSeen: number;
}

const json = (body: unknown, status = 200) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: status === 204 ? {} : { "Content-Type": "application/json" },
  });
const problem = (status: number, slug: string) =>
  new Response(JSON.stringify({ type: `http://x/problems/${slug}`, title: slug, status }), {
    status,
    headers: { "Content-Type": "application/problem+json" },
  });

export function attachmentServer({ direct = false } = {}): AttachmentServer {
  const store = async (url: URL, init: RequestInit): Promise<Response> => {
    if (server.storeUnreachable) throw new TypeError("Failed to fetch");
    const headers = new Headers(init.headers);
    if (headers.has("Authorization") || init.credentials === "include") server.credentialsSeen++;
    const key = url.pathname.slice(1);
    const [id, index] = key.split("/");
    if (init.method === "PUT") {
      const bytes = new Uint8Array(await new Response(init.body).arrayBuffer());
      server.chunks.set(key, Buffer.from(bytes).toString("base64"));
      server.storePuts.push(key);
      return new Response(null, { status: 200 });
    }
    server.storeGets.push(key);
    const data = server.serveChunk(id as string, Number(index));
    return data === undefined
      ? new Response("NoSuchKey", { status: 404 })
      : new Response(Buffer.from(data, "base64"));
  };
  const server: AttachmentServer = {
    records: new Map(),
    chunks: new Map(),
    puts: [],
    storePuts: [],
    storeGets: [],
    presigned: [],
    storeUnreachable: false,
    credentialsSeen: 0,
    serveChunk: (id, index) => server.chunks.get(`${id}/${index}`),
    serveRecord: (record) => record,
    fetch: async (url, init) => {
      const parsed = new URL(url);
      if (parsed.host === "store") return store(parsed, init);
      const { pathname } = parsed;
      const method = init.method ?? "GET";
      const body = typeof init.body === "string" ? JSON.parse(init.body) : {};
      const m = pathname.match(
        /^\/v1\/notes\/([^/]+)\/attachments(?:\/([^/:]+))?(?::finish|:presign|\/chunks\/(\d+)(:stored)?)?$/,
      );
      if (!m) return problem(404, "not-found");
      const [, noteId, attachmentId, chunk, stored] = m;
      const withMissing = (r: StoredRecord): StoredRecord => {
        if (r.state !== "uploading") return { ...r, missingChunks: undefined };
        const missing = Array.from({ length: r.chunkCount }, (_, i) => i).filter(
          (i) => !server.chunks.has(`${r.id}/${i}`),
        );
        return { ...r, missingChunks: missing };
      };
      if (!attachmentId && method === "POST") {
        const record: StoredRecord = {
          id: body.attachmentId,
          noteId: noteId as string,
          wrappedKey: body.wrappedKey,
          metadata: body.metadata,
          chunkSize: body.chunkSize,
          chunkCount: Math.max(1, Math.ceil(body.size / body.chunkSize)),
          size: body.size,
          state: "uploading",
          createdAt: new Date(0).toISOString(),
          ...(direct && { directTransfer: true as const }),
        };
        server.records.set(record.id, record);
        return json(server.serveRecord(withMissing(record)), 201);
      }
      if (!attachmentId && method === "GET") {
        const all = [...server.records.values()].filter((r) => r.noteId === noteId);
        return json({
          attachments: all.map((r) => server.serveRecord(withMissing(r))),
          nextPageToken: "",
        });
      }
      const record = server.records.get(attachmentId as string);
      if (!record) return problem(404, "attachment-not-found");
      if (pathname.endsWith(":presign")) {
        if (!record.directTransfer) return problem(409, "direct-transfer-unavailable");
        server.presigned.push(body.indices);
        const verb = body.direction === "upload" ? "PUT" : "GET";
        return json({
          expiresAt: new Date(Date.now() + 900_000).toISOString(),
          chunks: body.indices.map((index: number) => ({
            index,
            method: verb,
            url: `http://store/${record.id}/${index}?X-Amz-Signature=x`,
            headers: {},
          })),
        });
      }
      if (stored !== undefined) {
        if (!server.chunks.has(`${record.id}/${chunk}`)) return problem(409, "attachment-state");
        return json(undefined, 204);
      }
      if (chunk !== undefined && method === "PUT") {
        if (server.failPutsAfter !== undefined) {
          if (server.failPutsAfter <= 0) return problem(503, "at-capacity");
          server.failPutsAfter--;
        }
        server.chunks.set(`${record.id}/${chunk}`, body.data);
        server.puts.push(`${record.id}/${chunk}`);
        return json(undefined, 204);
      }
      if (chunk !== undefined) {
        const data = server.serveChunk(record.id, Number(chunk));
        return data === undefined ? problem(404, "attachment-not-found") : json({ data });
      }
      if (pathname.endsWith(":finish")) {
        const missing = withMissing(record).missingChunks ?? [];
        if (missing.length > 0) return problem(409, "attachment-state");
        record.state = "complete";
        return json(server.serveRecord(withMissing(record)));
      }
      if (method === "PATCH") {
        if (body.metadata) record.metadata = body.metadata;
        if (body.wrappedKey) record.wrappedKey = body.wrappedKey;
        return json(server.serveRecord(withMissing(record)));
      }
      return json(server.serveRecord(withMissing(record)));
    },
  };
  return server;
}
