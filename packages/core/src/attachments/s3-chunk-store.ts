// The S3-compatible adapter of the chunk store (issue 36): one object per chunk,
// `{prefix}{attachmentId}/{index}`, in one bucket. Enabled by the S3_* variables
// (README, Configuration); any store speaking the S3 API works (the tests run s3rver).
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import type { ChunkKey, ChunkStore } from "./chunk-store";

export interface S3ChunkStoreConfig {
  bucket: string;
  region: string;
  /** A non-AWS endpoint (MinIO, R2, s3rver …); absent: AWS itself. */
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** Path-style URLs (`endpoint/bucket/key`), which most self-hosted stores need. */
  forcePathStyle?: boolean;
  /** Key prefix inside the bucket. */
  prefix?: string;
}

export function s3ChunkStore(config: S3ChunkStoreConfig): ChunkStore {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle ?? Boolean(config.endpoint),
    // Checksums only where S3 requires them (DeleteObjects): several S3-compatible
    // stores refuse or mis-store the SDK's default trailing checksums.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
  });
  const prefix = config.prefix ?? "attachments/";
  const keyOf = ({ attachmentId, index }: ChunkKey) => `${prefix}${attachmentId}/${index}`;
  return {
    name: "s3",
    async write(key, data) {
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: keyOf(key),
          Body: data,
          ContentType: "application/octet-stream",
        }),
      );
      return null;
    },
    async read(key) {
      const answer = await client.send(
        new GetObjectCommand({ Bucket: config.bucket, Key: keyOf(key) }),
      );
      if (!answer.Body) throw new Error(`object ${keyOf(key)} has no body`);
      return answer.Body.transformToByteArray();
    },
    async forget(attachments) {
      const keys = attachments.flatMap(({ id, chunkCount }) =>
        Array.from({ length: chunkCount }, (_, index) => ({
          Key: keyOf({ attachmentId: id, index }),
        })),
      );
      // DeleteObjects takes at most 1,000 keys; deleting a key that was never written is fine.
      for (let at = 0; at < keys.length; at += 1000) {
        await client.send(
          new DeleteObjectsCommand({
            Bucket: config.bucket,
            Delete: { Objects: keys.slice(at, at + 1000), Quiet: true },
          }),
        );
      }
    },
  };
}
