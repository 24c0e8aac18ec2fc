// The app's configuration, parsed once from process.env with zod. Nothing else
// reads process.env. A bad value stops the process with a readable message.
import { existsSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

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

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    PUBLIC_URL: z.url().optional(),
    DATABASE_URL: z.string().min(1).optional(),
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
    TRUST_PROXY: flag.default(false),
    REALTIME_URL: z.url().optional(),
    FEEDBACK_WEBHOOK_URL: z.url().optional(),
    FEEDBACK_RETRY_MS: z.coerce.number().int().min(10).default(5_000),
    REALTIME_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    /** A Stripe-compatible API origin (scheme, host, port); tests point it at a fake. */
    STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
    BILLING_PRICES: billingPrices.optional(),
  })
  .transform((env) => {
    const root = repoRoot();
    const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
    return {
      ...env,
      PUBLIC_URL: publicUrl,
      REALTIME_URL: (env.REALTIME_URL ?? defaultRealtimeUrl(publicUrl, env)).replace(/\/$/, ""),
      DATA_DIR: path.resolve(root, env.DATA_DIR),
      MIGRATIONS_DIR: path.join(root, "drizzle"),
      DOCS_DIR: path.join(root, "docs"),
    };
  });

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
