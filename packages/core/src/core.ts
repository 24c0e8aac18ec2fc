// The dependencies every use case receives: the database, validated settings,
// the mailer and a logger. Apps build one `Core` at start and pass it down.
import type { Db } from "@notes/db";
import type { ChunkStore } from "./attachments/chunk-store";
import type { BillingConfig } from "./billing/config";
import type { KeyTransparencyConfig } from "./key-transparency/config";
import type { Mailer } from "./mail/mailer";
import type { AppendQueue } from "./notes/append-queue";
import type { Announcer } from "./realtime/announcer";
import type { RequestBudget } from "./sessions/request-budget";
import type { SessionCache } from "./sessions/session-cache";
import type { Log, RateLimits } from "./types";

export interface CoreConfig {
  publicUrl: string;
  /** WebSocket origin handed out with tickets (contract.md §10 REALTIME_URL). */
  realtimeUrl: string;
  serverSecret: string;
  rateLimitScale: number;
  limits: RateLimits;
  /** Stripe billing (contract.md §8); absent → billing operations answer 503. */
  billing?: BillingConfig;
  /** An upload untouched this long is collected (attachments/collect-uploads.ts); default 24 h. */
  attachmentUploadTtlSeconds?: number;
  /** Key transparency (issue 34); absent → one-minute epochs, no witnesses required. */
  keyTransparency?: KeyTransparencyConfig;
}

export const defaultLimits: RateLimits = {
  signInPerIdentifier: { limit: 10, windowSeconds: 60 },
  signInPerIp: { limit: 30, windowSeconds: 60 },
  createAccountPerIp: { limit: 5, windowSeconds: 3600 },
  accountRequests: { limit: 1200, windowSeconds: 60 },
  analyticsPerIp: { limit: 60, windowSeconds: 60 },
  resolvePerAccount: { limit: 30, windowSeconds: 60 },
  operatorFailuresPerIp: { limit: 10, windowSeconds: 60 },
  // Changing the address and mailing a token are rare for a person; the limits keep
  // an account from probing addresses or mailing strangers in bulk.
  emailChangePerAccount: { limit: 10, windowSeconds: 3600 },
  verificationMailPerAccount: { limit: 10, windowSeconds: 3600 },
  // A reader opens a link once and perhaps reloads; a link posted somewhere public is
  // read by many addresses, each within its own limit. Wrong access keys (a wrong
  // password) are few per link and hour, so a password is not guessed online.
  shareLinkPerLink: { limit: 120, windowSeconds: 60 },
  shareLinkPerIp: { limit: 30, windowSeconds: 60 },
  shareLinkFailuresPerLink: { limit: 20, windowSeconds: 3600 },
  // A link's images come in chunks of 1 MiB: a page of a few photos is tens of reads.
  shareLinkChunksPerLink: { limit: 2400, windowSeconds: 60 },
  shareLinkChunksPerIp: { limit: 600, windowSeconds: 60 },
};

export interface Core {
  db: Db;
  config: CoreConfig;
  mailer: Mailer;
  log: Log;
  /** This process's leases of the per-account request limit. */
  requestBudget: RequestBudget;
  /** Verified sessions (absent: every request reads the database). */
  sessionCache?: SessionCache;
  /** Announces appends and creations to the relay after commit. */
  announcer: Announcer;
  /** This process's group-commit queue of appends (notes/append-queue.ts). */
  appends: AppendQueue;
  /** Delivers stored feedback to the operator's webhook (absent: it waits in the outbox). */
  feedbackRelay?: { wake(): void };
  /** Where attachment chunks are written (absent: Postgres, attachments/chunk-store.ts). */
  chunkStore?: ChunkStore;
}

/** KDF defaults (contract.md §2). */
export const DEFAULT_KDF_ITERATIONS = 600_000;
