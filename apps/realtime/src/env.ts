// The sidecar's configuration (contract.md §10), parsed once with zod. It serves
// Postgres mode only: in embedded mode the app's own server owns the database and
// serves the WebSocket paths itself. It holds a LISTEN for as long as it runs, so it
// connects only directly: DATABASE_DIRECT_URL when set, else DATABASE_URL, which
// must then not be a transaction pooler's (there the LISTEN would hear nothing).
import {
  asksReadWrite,
  postgresTarget,
  READ_WRITE_MESSAGE,
  withoutPoolerParam,
} from "@notes/db/pooling";
import { z } from "zod";

const flag = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

const schema = z
  .object({
    DATABASE_URL: z.string().min(1).optional(),
    DATABASE_POOLED: flag.optional(),
    DATABASE_DIRECT_URL: z.string().min(1).optional(),
    REALTIME_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
    HOST: z.string().default("0.0.0.0"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PUBLIC_URL: z.url().optional(),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
  })
  .transform((env, ctx) => {
    const url = directUrl(env);
    if (typeof url === "string" && asksReadWrite(url)) {
      ctx.addIssue({ code: "custom", path: ["DATABASE_URL"], message: READ_WRITE_MESSAGE });
      return z.NEVER;
    }
    if (typeof url !== "string") {
      ctx.addIssue({ code: "custom", ...url });
      return z.NEVER;
    }
    return {
      ...env,
      /** Where the sidecar connects, for its LISTEN and its few reads alike. */
      DIRECT_URL: url,
      PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    };
  });

/** The direct URL the sidecar may use, or why there is none. */
function directUrl(env: {
  DATABASE_URL?: string;
  DATABASE_POOLED?: boolean;
  DATABASE_DIRECT_URL?: string;
}): string | { path: string[]; message: string } {
  if (env.DATABASE_DIRECT_URL) {
    if (!withoutPoolerParam(env.DATABASE_DIRECT_URL).saysPooled) return env.DATABASE_DIRECT_URL;
    return {
      path: ["DATABASE_DIRECT_URL"],
      message: "says pgbouncer=true; the sidecar's LISTEN needs a direct connection",
    };
  }
  if (!env.DATABASE_URL)
    return {
      path: ["DATABASE_URL"],
      message: "DATABASE_URL is required: the sidecar runs in Postgres mode",
    };
  const target = postgresTarget(env.DATABASE_URL, env.DATABASE_POOLED);
  if (!target.pooled) return target.url;
  return {
    path: ["DATABASE_DIRECT_URL"],
    message:
      "required: DATABASE_URL is pooled (transaction mode), and the sidecar's LISTEN needs a direct connection",
  };
}

export type Env = z.infer<typeof schema>;

export function loadEnv(source: Readonly<Record<string, string | undefined>> = process.env): Env {
  const parsed = schema.safeParse(
    Object.fromEntries(Object.entries(source).filter(([, v]) => v !== "")),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}
