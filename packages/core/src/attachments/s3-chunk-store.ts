// The S3-compatible adapter of the chunk store (issue 36): one object per chunk,
// `{prefix}{attachmentId}/{index}`, in one bucket. Enabled by the S3_* variables
// (README, Configuration); any store speaking the S3 API works (the tests run s3rver).
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
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
  /**
   * Presigned URLs for clients (default true): browsers then send and fetch chunk
   * ciphertext straight to and from the store (its CORS must allow the app's origin).
   */
  presignedUrls?: boolean;
  /** The store's address as clients reach it, when it differs from `endpoint`. */
  publicEndpoint?: string | undefined;
}

export function s3ChunkStore(config: S3ChunkStoreConfig): ChunkStore {
  const clientFor = (endpoint: string | undefined) => new S3Client(clientConfig(config, endpoint));
  const client = clientFor(config.endpoint);
  // Signing is local: a second client only so that URLs name the address clients reach.
  const signer = config.publicEndpoint ? clientFor(config.publicEndpoint) : client;
  const prefix = config.prefix ?? "attachments/";
  const keyOf = ({ attachmentId, index }: ChunkKey) => `${prefix}${attachmentId}/${index}`;
  const store: ChunkStore = {
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
  if (config.presignedUrls === false) return store;
  return {
    ...store,
    async presign(key, request, expiresIn) {
      if (request.method === "GET") {
        const command = new GetObjectCommand({ Bucket: config.bucket, Key: keyOf(key) });
        return { url: await getSignedUrl(signer, command, { expiresIn }), headers: {} };
      }
      // The length is signed, so the store refuses a body of any other size.
      const command = new PutObjectCommand({
        Bucket: config.bucket,
        Key: keyOf(key),
        ContentLength: request.contentLength,
      });
      const url = await getSignedUrl(signer, command, {
        expiresIn,
        signableHeaders: new Set(["content-length"]),
      });
      return { url, headers: {} };
    },
    async sizeOf(key) {
      try {
        const head = await client.send(
          new HeadObjectCommand({ Bucket: config.bucket, Key: keyOf(key) }),
        );
        return head.ContentLength ?? 0;
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata
          ?.httpStatusCode;
        if (status === 404) return null;
        throw error;
      }
    },
  };
}

function clientConfig(config: S3ChunkStoreConfig, endpoint: string | undefined): S3ClientConfig {
  return {
    region: config.region,
    endpoint,
    forcePathStyle: config.forcePathStyle ?? Boolean(config.endpoint),
    // Checksums only where S3 requires them (DeleteObjects): several S3-compatible
    // stores refuse or mis-store the SDK's default trailing checksums.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
  };
}
