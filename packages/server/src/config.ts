// What the back end is built from: the apps parse it from their environment (each
// app's env.ts, the only readers of process.env) and hand it here. The names are
// the environment variables' own, so an app's parsed Env satisfies it as it is.
import type { priceTable } from "@notes/core";

export interface BackendConfig {
  LOG_LEVEL: string;
  PUBLIC_URL: string;
  REALTIME_URL: string;
  /** Absent: the embedded database in DATA_DIR. */
  DATABASE_URL?: string | undefined;
  DATABASE_POOLED: boolean;
  DATABASE_DIRECT_URL?: string | undefined;
  DATABASE_POOL_SIZE: number;
  DATA_DIR: string;
  MIGRATIONS_DIR: string;
  /** The pages served at /docs/ (docs/) and the crypto package (its vector files). */
  DOCS_DIR: string;
  CRYPTO_DIR: string;
  /** Absent: generated once and kept in DATA_DIR (server-secret.ts). */
  SERVER_SECRET?: string | undefined;
  RATE_LIMIT_SCALE: number;
  SMTP_URL?: string | undefined;
  MAIL_FROM: string;
  /** Absent: every /ops route is 404 (contract.md §10). */
  OPERATOR_TOKEN?: string | undefined;
  FEEDBACK_WEBHOOK_URL?: string | undefined;
  FEEDBACK_RETRY_MS: number;
  STRIPE_SECRET_KEY?: string | undefined;
  STRIPE_WEBHOOK_SECRET?: string | undefined;
  STRIPE_API_BASE?: string | undefined;
  BILLING_PRICES?: Parameters<typeof priceTable>[0];
  /** Present: attachment chunks go to this S3-compatible bucket (README, Attachments). */
  S3_BUCKET?: string | undefined;
  S3_REGION: string;
  S3_ENDPOINT?: string | undefined;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  S3_FORCE_PATH_STYLE?: boolean | undefined;
  S3_PRESIGNED_URLS?: boolean | undefined;
  S3_PUBLIC_ENDPOINT?: string | undefined;
  ATTACHMENT_UPLOAD_TTL_SECONDS: number;
  /** Key transparency: epoch length, the witnesses that publish heads and their quorum. */
  KT_EPOCH_MS: number;
  KT_IDLE_EPOCH_MS: number;
  KT_WITNESS_KEYS: Uint8Array[];
  /** Absent: every witness named. */
  KT_WITNESS_QUORUM?: number | undefined;
}
