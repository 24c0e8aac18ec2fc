// `pnpm bench:attachments` (issue 36): a 100 MB file uploaded and downloaded through
// /v1 with @notes/client (sealed in 1 MiB chunks, three in flight), against a plain
// unencrypted upload of the same bytes to the same server in chunks of the same
// size, through the same operations (so the difference is the sealing and opening).
// One self-hosted server on a fresh embedded database, or on Postgres with
// BENCH_ATTACHMENT_DB=postgres (BENCH_DATABASE_URL, default the local test database).
// BENCH_MB sets the size (default 100). Prints MB/s (10^6 bytes) and the load average.
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

const MB = Number(process.env.BENCH_MB ?? 100);
const SIZE = MB * 1_000_000;
const CHUNK = 1024 * 1024;
const PARALLEL = 3;
const postgresMode = process.env.BENCH_ATTACHMENT_DB === "postgres";
const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

const rate = (ms: number) => (SIZE / 1e6 / (ms / 1000)).toFixed(1);

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const out = await run();
  return [out, performance.now() - start];
}

/** The same bytes, unsealed, through the same create/put/finish and chunk reads. */
async function plainRoundTrip(api: ApiClient, noteId: string, file: Buffer) {
  const attachmentId = randomUUID();
  const count = Math.ceil(file.length / CHUNK);
  const [, up] = await timed(async () => {
    await api.call("attachments.create", {
      id: noteId,
      attachmentId,
      wrappedKey: randomBytes(72).toString("base64"),
      metadata: randomBytes(296).toString("base64"),
      chunkSize: CHUNK,
      size: file.length,
    });
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

async function main() {
  if (postgresMode) await resetPostgres(PG_URL);
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

    const plain = await plainRoundTrip(api, note.id, file);
    const [uploaded, up] = await timed(() =>
      uploadAttachment(
        api,
        sodium,
        note.id,
        note.cek,
        new Blob([file]),
        { name: "f", type: "" },
        {
          parallel: PARALLEL,
        },
      ),
    );
    const [bytes, down] = await timed(async () =>
      downloadAttachment(
        api,
        sodium,
        await openAttachment(api, sodium, note.id, [note.cek], uploaded.record.id),
        { parallel: PARALLEL },
      ),
    );
    if (!Buffer.from(bytes).equals(file)) throw new Error("the download is not the file");
    const load = loadavg()
      .map((l) => l.toFixed(2))
      .join(" ");
    console.log(
      `\n${MB} MB file, ${postgresMode ? "Postgres" : "embedded PGlite"}, load average ${load}\n`,
    );
    console.log("| path | upload MB/s | download MB/s |");
    console.log("|---|---|---|");
    console.log(
      `| encrypted (@notes/client, 1 MiB chunks, ${PARALLEL} in flight) | ${rate(up)} | ${rate(down)} |`,
    );
    console.log(
      `| plain, same chunks and operations, no sealing | ${rate(plain.up)} | ${rate(plain.down)} |`,
    );
  } finally {
    await stopProcess(server);
  }
}

await main();
