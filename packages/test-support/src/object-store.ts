/// <reference path="./s3rver.d.ts" />
// An S3-compatible object store for tests and benchmarks: s3rver (npm), on a free
// loopback port, with one bucket in a temporary directory, optionally open to a
// browser origin (CORS), so attachment chunks can go straight between a page and the
// store by presigned URLs (issue 36). Nothing needs installing beforehand.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { freePort } from "./server-process";

export interface ObjectStore {
  /** http://127.0.0.1:port */
  url: string;
  bucket: string;
  /** The S3_* variables that point a server at this store. */
  env: Record<string, string>;
  /** Chunk objects held for one attachment (their indices, as names). */
  objectsOf(attachmentId: string): string[];
  close(): Promise<void>;
}

const corsFor = (origin: string) => `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>${origin}</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

export async function startObjectStore(
  options: { bucket?: string; browserOrigin?: string } = {},
): Promise<ObjectStore> {
  const bucket = options.bucket ?? "notes-attachments";
  const directory = mkdtempSync(path.join(tmpdir(), "notes-s3rver-"));
  const port = await freePort();
  const store = new S3rver({
    address: "127.0.0.1",
    port,
    silent: true,
    directory,
    configureBuckets: [
      { name: bucket, configs: options.browserOrigin ? [corsFor(options.browserOrigin)] : [] },
    ],
  });
  await store.run();
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: url,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    },
    objectsOf(attachmentId) {
      const dir = path.join(directory, bucket, "attachments", attachmentId);
      try {
        // s3rver keeps each object as `<key>._S3rver_object`, its metadata beside it.
        return readdirSync(dir)
          .filter((name) => name.endsWith("._S3rver_object"))
          .map((name) => name.slice(0, -"._S3rver_object".length));
      } catch {
        return [];
      }
    },
    async close() {
      await store.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
