// `pnpm bench:attachments` (issue 36): a 100 MB file uploaded and downloaded through
// /v1 with @notes/client (sealed in 1 MiB chunks, three in flight), against a plain
// unencrypted upload of the same bytes to the same server in chunks of the same
// size, through the same operations (so the difference is the sealing and opening).
// One self-hosted server on a fresh embedded database, or on Postgres with
// BENCH_ATTACHMENT_DB=postgres (BENCH_DATABASE_URL, default the local test database).
// BENCH_MB sets the size (default 100). Prints MB/s (10^6 bytes) and the load average.
//
// BENCH_ATTACHMENT_STORE=s3: the server keeps chunks in an S3-compatible store
// (s3rver from @notes/test-support, on loopback, in a process of its own), so attachments offer direct transfer
// and @notes/client sends and reads the ciphertext straight there (presigned PUT/GET,
// raw bytes, `:stored` after each PUT). Against it, the same bytes unsealed through the
// same direct path (presign, raw PUT, `:stored`; presign, raw GET; URLs asked 32 chunks
// at a time, three chunks in flight, as the SDK does), so the difference is the sealing;
// and, for comparison, the encrypted and plain transfers through the app's chunk routes
// (Base64 JSON) to the same store.
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import {
  type ApiClient,
  createApiClient,
  createNote,
  downloadAttachment,
  openAttachment,
  signUp,
  uploadAttachment,
} from "@notes/client";
import { loadSodium } from "@notes/crypto";
import {
  resetPostgres,
  TEST_OPERATOR_TOKEN,
  TEST_SERVER_SECRET,
} from "@notes/test-support/database-mode";
import {
  freePort,
  startProcess,
  stopProcess,
  waitForHealth,
} from "@notes/test-support/server-process";
import { startStoreProcess } from "./object-store-process";

const MB = Number(process.env.BENCH_MB ?? 100);
const SIZE = MB * 1_000_000;
const CHUNK = 1024 * 1024;
const PARALLEL = 3;
const postgresMode = process.env.BENCH_ATTACHMENT_DB === "postgres";
const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const storeMode = process.env.BENCH_ATTACHMENT_STORE ?? "database";
if (storeMode !== "database" && storeMode !== "s3")
  throw new Error(`BENCH_ATTACHMENT_STORE is "database" (default) or "s3", not "${storeMode}"`);
/** Chunks a :presign asks URLs for at once (the SDK's batch). */
const PRESIGN_BATCH = 32;

const rate = (ms: number) => (SIZE / 1e6 / (ms / 1000)).toFixed(1);

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const out = await run();
  return [out, performance.now() - start];
}

/** An attachment record for `file`'s bytes as they are (random key and metadata). */
async function createPlain(api: ApiClient, noteId: string, file: Buffer) {
  const attachmentId = randomUUID();
  const record = await api.call("attachments.create", {
    id: noteId,
    attachmentId,
    wrappedKey: randomBytes(72).toString("base64"),
    metadata: randomBytes(296).toString("base64"),
    chunkSize: CHUNK,
    size: file.length,
  });
  return { attachmentId, direct: record.directTransfer === true };
}

/** The same bytes, unsealed, through the same create/put/finish and chunk reads. */
async function plainRoundTrip(api: ApiClient, noteId: string, file: Buffer) {
  const count = Math.ceil(file.length / CHUNK);
  let attachmentId = "";
  const [, up] = await timed(async () => {
    ({ attachmentId } = await createPlain(api, noteId, file));
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < count; i = next++) {
        const data = file.subarray(i * CHUNK, Math.min(file.length, (i + 1) * CHUNK));
        await api.call("attachments.putChunk", {
          id: noteId,
          attachmentId,
          index: i,
          data: data.toString("base64"),
        });
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    await api.call("attachments.finish", { id: noteId, attachmentId });
  });
  const [, down] = await timed(async () => {
    let received = 0;
    for (let i = 0; i < count; i += PARALLEL) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(PARALLEL, count - i) }, (_, k) =>
          api.call("attachments.chunk", { id: noteId, attachmentId, index: i + k }),
        ),
      );
      for (const { data } of batch) received += Buffer.from(data, "base64").length;
    }
    if (received !== file.length) throw new Error(`plain download got ${received} bytes`);
  });
  return { up, down };
}

/**
 * Presigned URLs for chunk `index`, asked with the next chunks of the same batch
 * (PRESIGN_BATCH at a time, each batch once), as the SDK asks them.
 */
function presigned(
  api: ApiClient,
  noteId: string,
  attachmentId: string,
  direction: "upload" | "download",
  count: number,
) {
  const batches = new Map<
    number,
    Promise<Map<number, { url: string; headers: Record<string, string> }>>
  >();
  return async (index: number) => {
    const first = index - (index % PRESIGN_BATCH);
    let batch = batches.get(first);
    if (!batch) {
      const indices = Array.from(
        { length: Math.min(PRESIGN_BATCH, count - first) },
        (_, k) => first + k,
      );
      batch = api
        .call("attachments.presign", { id: noteId, attachmentId, direction, indices })
        .then(({ chunks }) => new Map(chunks.map((c) => [c.index, c])));
      batches.set(first, batch);
    }
    const signed = (await batch).get(index);
    if (!signed) throw new Error(`no presigned URL for chunk ${index}`);
    return signed;
  };
}

/**
 * The same bytes, unsealed, straight to and from the object store: create, then each
 * chunk presigned, PUT raw and recorded with `:stored`, finish; then each chunk
 * presigned and fetched raw. Three chunks in flight both ways.
 */
async function plainDirectRoundTrip(api: ApiClient, noteId: string, file: Buffer) {
  const count = Math.ceil(file.length / CHUNK);
  let attachmentId = "";
  const [, up] = await timed(async () => {
    let direct: boolean;
    ({ attachmentId, direct } = await createPlain(api, noteId, file));
    if (!direct) throw new Error("the attachment offers no direct transfer");
    const urlFor = presigned(api, noteId, attachmentId, "upload", count);
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < count; i = next++) {
        const data = file.subarray(i * CHUNK, Math.min(file.length, (i + 1) * CHUNK));
        const signed = await urlFor(i);
        const res = await fetch(signed.url, {
          method: "PUT",
          headers: signed.headers,
          body: data as Uint8Array<ArrayBuffer>,
        });
        if (!res.ok) throw new Error(`the store answered ${res.status} to chunk ${i}`);
        await res.arrayBuffer();
        await api.call("attachments.chunkStored", { id: noteId, attachmentId, index: i });
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    await api.call("attachments.finish", { id: noteId, attachmentId });
  });
  const [, down] = await timed(async () => {
    const urlFor = presigned(api, noteId, attachmentId, "download", count);
    const parts: Uint8Array[] = new Array(count);
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < count; i = next++) {
        const signed = await urlFor(i);
        const res = await fetch(signed.url, { headers: signed.headers });
        if (!res.ok) throw new Error(`the store answered ${res.status} to chunk ${i}`);
        parts[i] = new Uint8Array(await res.arrayBuffer());
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    const received = parts.reduce((sum, p) => sum + p.length, 0);
    if (received !== file.length) throw new Error(`plain direct download got ${received} bytes`);
  });
  return { up, down };
}

async function main() {
  if (postgresMode) await resetPostgres(PG_URL);
  const store = storeMode === "s3" ? await startStoreProcess() : undefined;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = startProcess(
    "self-hosted",
    {
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "bench-attachments-")),
      RATE_LIMIT_SCALE: "1000",
      OPERATOR_TOKEN: TEST_OPERATOR_TOKEN,
      LOG_LEVEL: "warn",
      ...(postgresMode && { DATABASE_URL: PG_URL, SERVER_SECRET: TEST_SERVER_SECRET }),
      ...store?.env,
    },
    "bench-attachments.log",
  );
  try {
    await waitForHealth(url, server);
    const api = createApiClient({ baseUrl: url });
    const handle = `bench_${randomBytes(5).toString("hex")}`;
    const { session } = await signUp(api, { identifier: handle, password: "bench attachments" });
    await fetch(`${url}/ops/v1/accounts/${handle}:grantComplimentary`, {
      method: "POST",
      headers: { Authorization: `Bearer ${TEST_OPERATOR_TOKEN}` },
    });
    const note = await createNote(api, session, { title: "bench", tags: [], text: "" });
    const sodium = await loadSodium();
    const file = randomBytes(SIZE);

    const encryptedRoundTrip = async (direct: boolean) => {
      // Every request the SDK makes to the store, counted: a fallback to the chunk
      // routes (the store unreachable) would otherwise pass for a direct figure.
      let storeRequests = 0;
      const fetchStore = (url: string, init?: RequestInit) => {
        storeRequests++;
        return fetch(url, init);
      };
      const [uploaded, up] = await timed(() =>
        uploadAttachment(
          api,
          sodium,
          note.id,
          note.cek,
          new Blob([file]),
          { name: "f", type: "" },
          { parallel: PARALLEL, direct, fetchStore },
        ),
      );
      const chunks = uploaded.layout.chunkCount;
      if (store && direct && storeRequests !== chunks)
        throw new Error(`${storeRequests} chunk uploads went to the store, not ${chunks}`);
      storeRequests = 0;
      const [bytes, down] = await timed(async () =>
        downloadAttachment(
          api,
          sodium,
          await openAttachment(api, sodium, note.id, [note.cek], uploaded.record.id),
          { parallel: PARALLEL, direct, fetchStore },
        ),
      );
      if (!Buffer.from(bytes).equals(file)) throw new Error("the download is not the file");
      if (store && direct && storeRequests !== chunks)
        throw new Error(`${storeRequests} chunk downloads came from the store, not ${chunks}`);
      return { up, down, direct: uploaded.record.directTransfer === true };
    };

    const plain = await plainRoundTrip(api, note.id, file);
    const encrypted = await encryptedRoundTrip(true);
    if (store && !encrypted.direct) throw new Error("the server offers no direct transfer");
    const plainDirect = store ? await plainDirectRoundTrip(api, note.id, file) : undefined;
    const encryptedThroughApp = store ? await encryptedRoundTrip(false) : undefined;
    const load = loadavg()
      .map((l) => l.toFixed(2))
      .join(" ");
    const where = store ? "chunks in S3 (s3rver on loopback)" : "chunks in the database";
    console.log(
      `\n${MB} MB file, ${postgresMode ? "Postgres" : "embedded PGlite"}, ${where}, load average ${load}\n`,
    );
    console.log("| path | upload MB/s | download MB/s |");
    console.log("|---|---|---|");
    if (plainDirect && encryptedThroughApp) {
      console.log(
        `| encrypted (@notes/client, 1 MiB chunks, ${PARALLEL} in flight), straight to the store | ${rate(encrypted.up)} | ${rate(encrypted.down)} |`,
      );
      console.log(
        `| plain, same chunks, straight to the store (presign, raw PUT, :stored; presign, raw GET) | ${rate(plainDirect.up)} | ${rate(plainDirect.down)} |`,
      );
      console.log(
        `| encrypted, through the app's chunk routes (direct: false) | ${rate(encryptedThroughApp.up)} | ${rate(encryptedThroughApp.down)} |`,
      );
      console.log(
        `| plain, through the app's chunk routes (Base64 JSON) | ${rate(plain.up)} | ${rate(plain.down)} |`,
      );
    } else {
      console.log(
        `| encrypted (@notes/client, 1 MiB chunks, ${PARALLEL} in flight) | ${rate(encrypted.up)} | ${rate(encrypted.down)} |`,
      );
      console.log(
        `| plain, same chunks and operations, no sealing | ${rate(plain.up)} | ${rate(plain.down)} |`,
      );
    }
  } finally {
    await stopProcess(server);
    await store?.close();
  }
}

await main();
