// The app's configuration, parsed once from process.env with zod. Nothing else
// reads process.env. A bad value stops the process with a readable message.
import { existsSync } from "node:fs";
import path from "node:path";
import {
  asksReadWrite,
  postgresTarget,
  READ_WRITE_MESSAGE,
  withoutPoolerParam,
} from "@notes/db/pooling";
import { FREEZING_BOUND_MS } from "@notes/keytrans";
import { z } from "zod";
import { parseProxyTrust } from "./server/client-ip";

/** The repository root (where pnpm-workspace.yaml lives); relative paths resolve from it. */
export function repoRoot(from = process.cwd()): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "pnpm-workspace.yaml"))) return dir;
    if (path.dirname(dir) === dir) return from;
  }
}

const flag = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

/** BILLING_PRICES: JSON minor units laid over the defaults, e.g. {"monthly":{"usd":500}}. */
const minorUnits = z.int().min(1).max(99_999_999);
const planPrices = z.strictObject({ eur: minorUnits, gbp: minorUnits, usd: minorUnits }).partial();
const billingPrices = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "must be JSON" });
      return z.NEVER;
    }
  })
  .pipe(z.strictObject({ monthly: planPrices, yearly: planPrices }).partial());

const witnessKeys = z.string().transform((text, ctx) =>
  text
    .split(",")
    .map((k) => k.trim())
    .filter(Boolean)
    .map((k) => {
      const key = new Uint8Array(Buffer.from(k, "base64"));
      if (key.length !== 32)
        ctx.addIssue({ code: "custom", message: `${k} is not 32 bytes of Base64` });
      return key;
    }),
);

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    PUBLIC_URL: z.url().optional(),
    DATABASE_URL: z.string().min(1).optional(),
    /** DATABASE_URL goes through a transaction-mode pooler; default: it says `pgbouncer=true`. */
    DATABASE_POOLED: flag.optional(),
    /** A direct (session) URL beside a pooled one: migrations and LISTEN. */
    DATABASE_DIRECT_URL: z.string().min(1).optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    DATA_DIR: z.string().default(".data"),
    SERVER_SECRET: z.string().min(32, "SERVER_SECRET must be at least 32 characters").optional(),
    RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
    SMTP_URL: z.string().min(1).optional(),
    MAIL_FROM: z.string().default("Notes <no-reply@localhost>"),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
    OPERATOR_TOKEN: z.string().min(16, "OPERATOR_TOKEN must be at least 16 characters").optional(),
    /**
     * Who sets the client address in front of the app: `false` (no one: the socket
     * peer), `true` or a hop count (proxies appending to X-Forwarded-For), or
     * `header:NAME` (a platform's own header). Absent: false, except that the Next
     * mount refuses to serve in production without a decision (next-backend.ts).
     */
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined) return undefined;
        const trust = parseProxyTrust(value);
        if (!trust)
          ctx.addIssue({
            code: "custom",
            message: "TRUST_PROXY must be false, true, a hop count (1-99) or header:NAME",
          });
        return trust;
      }),
    REALTIME_URL: z.url().optional(),
    FEEDBACK_WEBHOOK_URL: z.url().optional(),
    FEEDBACK_RETRY_MS: z.coerce.number().int().min(10).default(5_000),
    REALTIME_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    /** A Stripe-compatible API origin (scheme, host, port); tests point it at a fake. */
    STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
    BILLING_PRICES: billingPrices.optional(),
    /** Attachment chunks in an S3-compatible store (issue 36); absent: in the database. */
    S3_BUCKET: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).default("us-east-1"),
    S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** Path-style addressing; defaults to true when S3_ENDPOINT is set (self-hosted stores). */
    S3_FORCE_PATH_STYLE: flag.optional(),
    /**
     * Clients move chunks straight to and from the store by presigned URLs (default
     * true); false: every chunk goes through the app (a store browsers cannot reach).
     */
    S3_PRESIGNED_URLS: flag.optional(),
    /** The store's address as browsers reach it, when it differs from S3_ENDPOINT. */
    S3_PUBLIC_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    /** An upload untouched this long is collected and its bytes given back. */
    ATTACHMENT_UPLOAD_TTL_SECONDS: z.coerce.number().int().min(1).default(86_400),
    /** Key transparency (docs/key-transparency.md): how long an epoch lasts. */
    KT_EPOCH_MS: z.coerce.number().int().min(50).default(60_000),
    /**
     * With nothing to log, how often an epoch still closes (never more often than
     * KT_EPOCH_MS): at most half the clients' freezing bound, past which they refuse a
     * newest head as frozen (FREEZING_BOUND_MS, 30 minutes).
     */
    KT_IDLE_EPOCH_MS: z.coerce
      .number()
      .int()
      .min(50)
      .max(
        FREEZING_BOUND_MS / 2,
        "at most 900000: clients take a head older than 30 minutes for a frozen log",
      )
      .default(600_000),
    /** The witnesses whose cosignatures publish a head: Base64 Ed25519 keys, comma-separated. */
    KT_WITNESS_KEYS: witnessKeys.default([]),
    /** How many of them must cosign a head before clients see it; default: all of them. */
    KT_WITNESS_QUORUM: z.coerce.number().int().min(0).optional(),
  })
  .superRefine(checkDatabaseUrls)
  .superRefine((env, ctx) => {
    if ((env.KT_WITNESS_QUORUM ?? 0) > env.KT_WITNESS_KEYS.length)
      ctx.addIssue({
        code: "custom",
        path: ["KT_WITNESS_QUORUM"],
        message: "more than KT_WITNESS_KEYS names",
      });
  })
  .transform((env) => {
    const root = repoRoot();
    const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
    const target = env.DATABASE_URL
      ? postgresTarget(env.DATABASE_URL, env.DATABASE_POOLED)
      : undefined;
    return {
      ...env,
      DATABASE_URL: target?.url,
      DATABASE_POOLED: target?.pooled ?? false,
      PUBLIC_URL: publicUrl,
      REALTIME_URL: (env.REALTIME_URL ?? defaultRealtimeUrl(publicUrl, env)).replace(/\/$/, ""),
      DATA_DIR: path.resolve(root, env.DATA_DIR),
      MIGRATIONS_DIR: path.join(root, "drizzle"),
      DOCS_DIR: path.join(root, "docs"),
      CRYPTO_DIR: path.join(root, "packages", "crypto"),
    };
  });

/**
 * The pooled-mode variables only make sense beside DATABASE_URL, and the direct
 * URL must really be direct. A pooled URL alone is valid: the instance then does
 * not migrate (it checks the schema) and runs without its session cache.
 */
function checkDatabaseUrls(
  env: { DATABASE_URL?: string; DATABASE_POOLED?: boolean; DATABASE_DIRECT_URL?: string },
  ctx: z.RefinementCtx,
) {
  if (!env.DATABASE_URL && (env.DATABASE_DIRECT_URL || env.DATABASE_POOLED)) {
    const key = env.DATABASE_DIRECT_URL ? "DATABASE_DIRECT_URL" : "DATABASE_POOLED";
    ctx.addIssue({
      code: "custom",
      path: [key],
      message: "only with DATABASE_URL (Postgres mode)",
    });
  }
  for (const key of ["DATABASE_URL", "DATABASE_DIRECT_URL"] as const) {
    const url = env[key];
    if (url && asksReadWrite(url))
      ctx.addIssue({ code: "custom", path: [key], message: READ_WRITE_MESSAGE });
  }
  if (env.DATABASE_DIRECT_URL && withoutPoolerParam(env.DATABASE_DIRECT_URL).saysPooled) {
    ctx.addIssue({
      code: "custom",
      path: ["DATABASE_DIRECT_URL"],
      message: "says pgbouncer=true; it must reach Postgres directly (migrations, LISTEN)",
    });
  }
}

/**
 * Embedded mode serves the WebSocket paths on the app's own port; in Postgres mode
 * the sidecar (`pnpm realtime`) does, on REALTIME_PORT of the same host.
 */
function defaultRealtimeUrl(
  publicUrl: string,
  env: { DATABASE_URL?: string; REALTIME_PORT: number },
) {
  const url = new URL(publicUrl);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  if (env.DATABASE_URL) url.port = String(env.REALTIME_PORT);
  return url.origin;
}

export type Env = z.infer<typeof schema>;

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = schema.safeParse(
    Object.fromEntries(Object.entries(source).filter(([, v]) => v !== "")),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  if (parsed.data.DATABASE_URL && !parsed.data.SERVER_SECRET) {
    throw new Error(
      "Invalid configuration:\n  SERVER_SECRET: required when DATABASE_URL is set (all instances must share it)",
    );
  }
  return parsed.data;
}
