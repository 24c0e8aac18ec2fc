import { describe, expect, it } from "vitest";
import { loadEnv as loadProcessEnv } from "./env";

const secret = { SERVER_SECRET: "s".repeat(32) };
/** Next's types make NODE_ENV required in ProcessEnv; the schema defaults it. */
const loadEnv = (vars: Record<string, string>) => loadProcessEnv(vars as NodeJS.ProcessEnv);

describe("loadEnv: pooled Postgres", () => {
  it("reads pgbouncer=true as pooled and connects without the parameter", () => {
    const env = loadEnv({
      ...secret,
      DATABASE_URL: "postgres://app@pooler:6543/notes?pgbouncer=true&sslmode=require",
      DATABASE_DIRECT_URL: "postgres://app@db:5432/notes?sslmode=require",
    });
    expect(env.DATABASE_URL).toBe("postgres://app@pooler:6543/notes?sslmode=require");
    expect(env.DATABASE_POOLED).toBe(true);
    expect(env.DATABASE_DIRECT_URL).toBe("postgres://app@db:5432/notes?sslmode=require");
  });

  it("takes DATABASE_POOLED for a URL that does not say so, and defaults to direct", () => {
    const url = "postgres://app@pooler:6543/notes";
    expect(loadEnv({ ...secret, DATABASE_URL: url, DATABASE_POOLED: "true" }).DATABASE_POOLED).toBe(
      true,
    );
    expect(loadEnv({ ...secret, DATABASE_URL: url }).DATABASE_POOLED).toBe(false);
  });

  it("accepts a pooled URL alone (no migrations, no session cache)", () => {
    const env = loadEnv({ ...secret, DATABASE_URL: "postgres://pooler/notes?pgbouncer=true" });
    expect(env.DATABASE_POOLED).toBe(true);
    expect(env.DATABASE_DIRECT_URL).toBeUndefined();
  });

  it("accepts several hosts with target_session_attrs=primary and refuses read-write", () => {
    const hosts = "postgres://app@db1:5432,db2:5432/notes?target_session_attrs=";
    expect(loadEnv({ ...secret, DATABASE_URL: `${hosts}primary` }).DATABASE_URL).toBe(
      `${hosts}primary`,
    );
    expect(() => loadEnv({ ...secret, DATABASE_URL: `${hosts}read-write` })).toThrow(
      /DATABASE_URL: target_session_attrs=read-write lets postgres.js connect to a hot standby/,
    );
  });

  it("refuses a direct URL that says pgbouncer=true", () => {
    expect(() =>
      loadEnv({
        ...secret,
        DATABASE_URL: "postgres://pooler/notes?pgbouncer=true",
        DATABASE_DIRECT_URL: "postgres://pooler/notes?pgbouncer=true",
      }),
    ).toThrow(/DATABASE_DIRECT_URL: says pgbouncer=true/);
  });

  it("refuses the pooled-mode variables without DATABASE_URL", () => {
    expect(() => loadEnv({ DATABASE_DIRECT_URL: "postgres://db/notes" })).toThrow(
      /DATABASE_DIRECT_URL: only with DATABASE_URL/,
    );
    expect(() => loadEnv({ DATABASE_POOLED: "true" })).toThrow(
      /DATABASE_POOLED: only with DATABASE_URL/,
    );
  });
});

describe("loadEnv: key transparency", () => {
  it("closes a quiet log's epoch every 10 minutes, and never less often than clients allow", () => {
    expect(loadEnv(secret).KT_IDLE_EPOCH_MS).toBe(600_000);
    expect(loadEnv({ ...secret, KT_IDLE_EPOCH_MS: "900000" }).KT_IDLE_EPOCH_MS).toBe(900_000);
    // Clients take a newest head older than 30 minutes for a frozen log.
    expect(() => loadEnv({ ...secret, KT_IDLE_EPOCH_MS: "3600000" })).toThrow(
      /KT_IDLE_EPOCH_MS: at most 900000/,
    );
  });
});
