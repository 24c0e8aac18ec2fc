// The composition root: builds the back end from configuration (database,
// embedded or Postgres, with migrations; mailer, logger, the core, the feedback
// relay and the Fetch handler). The self-hosted server and the Next route
// handlers start it the same way; the realtime relay is wired by relay.ts.

import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { createHttpHandler, type HttpHandler } from "@notes/api";
import {
  Announcer,
  appendQueue,
  type Core,
  defaultLimits,
  FeedbackRelay,
  outboxMailer,
  postgresChunkStore,
  priceTable,
  RequestBudget,
  SESSIONS_CHANNEL,
  SessionCache,
  s3ChunkStore,
  smtpMailer,
  startEpochJob,
} from "@notes/core";
import { type Database, openDatabase } from "@notes/db";
import pino from "pino";
import type { BackendConfig } from "./config";
import { secretIn } from "./server-secret";

export interface Backend {
  core: Core;
  database: Database;
  handler: HttpHandler;
  close(): Promise<void>;
}

/**
 * The session cache is on only while this process hears every revocation (the
 * `sessions` trigger announces each on `notes_sessions`, a channel of its own: the
 * write announcements on `notes_events` are the relay's, not every instance's).
 */
async function followRevocations(database: Database, core: Core) {
  const cache = core.sessionCache;
  return database.listen(
    SESSIONS_CHANNEL,
    (payload) => {
      const event = JSON.parse(payload) as { e?: string; sessionId?: string };
      if (event.e === "session" && event.sessionId) cache?.forgetSession(event.sessionId);
    },
    () => cache?.enable(),
    () => cache?.disable(),
  );
}

/**
 * The files the OpenAPI document links, served at /docs/{name}: the pages of docs/
 * and the crypto known-answer vectors they name (so a third party fetches them
 * from the server instead of from a repository it may not see).
 */
function readDocs(docsDir: string, cryptoDir: string): Record<string, string> {
  const files = {
    "client-crypto.md": path.join(docsDir, "client-crypto.md"),
    "sharing.md": path.join(docsDir, "sharing.md"),
    "crypto-vectors.json": path.join(cryptoDir, "test-vectors", "crypto-vectors.json"),
    "lying-server-vectors.json": path.join(cryptoDir, "src", "lying-server-vectors.json"),
    // Issue 33: the signed group state, pin shards, device-link and safety-number bytes.
    "group-state-vectors.json": path.join(cryptoDir, "src", "group-state-vectors.json"),
    "key-pin-shard-vectors.json": path.join(cryptoDir, "src", "key-pin-shard-vectors.json"),
    "device-link-vectors.json": path.join(cryptoDir, "src", "device-link-vectors.json"),
    "share-link-vectors.json": path.join(cryptoDir, "src", "share-link-vectors.json"),
    // Issue 36: file keys, sealed metadata and chunks of attachments.
    "attachment-vectors.json": path.join(cryptoDir, "src", "attachment-vectors.json"),
    // Issue 34: key transparency, its bytes and known answers.
    "key-transparency.md": path.join(docsDir, "key-transparency.md"),
    "kt-vectors.json": path.join(cryptoDir, "..", "keytrans", "src", "kt-vectors.json"),
  };
  const docs: Record<string, string> = {};
  for (const [name, file] of Object.entries(files)) {
    // Read once at start, from the repository (not part of a traced bundle).
    if (existsSync(/*turbopackIgnore: true*/ file))
      docs[name] = readFileSync(/*turbopackIgnore: true*/ file, "utf8");
  }
  return docs;
}

export async function startBackend(env: BackendConfig): Promise<Backend> {
  const log = pino({ level: env.LOG_LEVEL, base: undefined });
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    pooled: env.DATABASE_POOLED,
    directUrl: env.DATABASE_DIRECT_URL,
    dataDir: env.DATA_DIR,
    migrationsFolder: env.MIGRATIONS_DIR,
    poolSize: env.DATABASE_POOL_SIZE,
    warn: (message) => log.warn({}, message),
  });
  const rateLimitScale = env.RATE_LIMIT_SCALE;
  const core: Core = {
    db: database.db,
    // A cache is safe only while revocations are heard (followRevocations). Without
    // a LISTEN (a pooled URL alone) it stays off rather than trusting a TTL: every
    // instance then refuses a revoked session at once, at one indexed read a request.
    sessionCache: database.canListen ? new SessionCache() : undefined,
    announcer: new Announcer(database.db, log),
    appends: appendQueue(database.db, log),
    requestBudget: new RequestBudget(
      database.db,
      defaultLimits.accountRequests,
      Math.max(1, Math.ceil(defaultLimits.accountRequests.limit * rateLimitScale)),
    ),
    log,
    chunkStore: env.S3_BUCKET
      ? s3ChunkStore({
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          forcePathStyle: env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT),
          presignedUrls: env.S3_PRESIGNED_URLS ?? true,
          publicEndpoint: env.S3_PUBLIC_ENDPOINT,
        })
      : postgresChunkStore,
    mailer: env.SMTP_URL ? smtpMailer(env.SMTP_URL, env.MAIL_FROM) : outboxMailer(database.db, log),
    config: {
      publicUrl: env.PUBLIC_URL,
      realtimeUrl: env.REALTIME_URL,
      serverSecret: env.SERVER_SECRET ?? secretIn(env.DATA_DIR, "server-secret"),
      rateLimitScale,
      limits: defaultLimits,
      attachmentUploadTtlSeconds: env.ATTACHMENT_UPLOAD_TTL_SECONDS,
      billing: {
        secretKey: env.STRIPE_SECRET_KEY,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET,
        apiBase: env.STRIPE_API_BASE,
        prices: priceTable(env.BILLING_PRICES),
      },
      keyTransparency: {
        epochMs: env.KT_EPOCH_MS,
        idleMs: env.KT_IDLE_EPOCH_MS,
        witnessKeys: env.KT_WITNESS_KEYS,
        quorum: env.KT_WITNESS_QUORUM ?? env.KT_WITNESS_KEYS.length,
      },
    },
  };
  // Embedded mode is a local, single-owner install: ops work out of the box there.
  // contract.md §10: without OPERATOR_TOKEN every /ops route is 404, in both modes.
  const operatorToken = env.OPERATOR_TOKEN;
  const unfollow = database.canListen ? await followRevocations(database, core) : async () => {};
  if (!database.canListen)
    log.warn({}, "session cache off: DATABASE_URL is pooled and DATABASE_DIRECT_URL is not set");
  const relay = env.FEEDBACK_WEBHOOK_URL
    ? new FeedbackRelay(database.db, log, {
        webhookUrl: env.FEEDBACK_WEBHOOK_URL,
        baseDelayMs: env.FEEDBACK_RETRY_MS,
      })
    : undefined;
  core.feedbackRelay = relay;
  relay?.start();
  const handler = createHttpHandler(core, {
    operatorToken,
    docs: readDocs(env.DOCS_DIR, env.CRYPTO_DIR),
    onDatabaseUnreachable: () => database.discardConnections(),
  });
  // Every instance tries; one closes each epoch (run-epoch.ts: lock and interval).
  const epochJob = startEpochJob(core, { onUnavailable: handler.databaseUnreachable });
  log.info(
    { database: database.kind, publicUrl: env.PUBLIC_URL, attachments: core.chunkStore?.name },
    "back end ready",
  );
  return {
    core,
    database,
    handler,
    close: async () => {
      await epochJob.stop();
      await relay?.stop();
      await core.appends.settled();
      await core.announcer.settled();
      await unfollow();
      await database.close();
    },
  };
}
