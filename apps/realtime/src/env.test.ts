import { describe, expect, it } from "vitest";
import { loadEnv } from "./env";

describe("the sidecar's database URL", () => {
  it("is DATABASE_DIRECT_URL when set, beside a pooled DATABASE_URL", () => {
    const env = loadEnv({
      DATABASE_URL: "postgres://pooler:6543/notes?pgbouncer=true",
      DATABASE_DIRECT_URL: "postgres://db:5432/notes",
    });
    expect(env.DIRECT_URL).toBe("postgres://db:5432/notes");
  });

  it("refuses target_session_attrs=read-write: postgres.js would take a hot standby for it", () => {
    expect(() =>
      loadEnv({ DATABASE_URL: "postgres://db1,db2/notes?target_session_attrs=read-write" }),
    ).toThrow(/use target_session_attrs=primary/);
  });

  it("is DATABASE_URL when that is direct", () => {
    expect(loadEnv({ DATABASE_URL: "postgres://db:5432/notes" }).DIRECT_URL).toBe(
      "postgres://db:5432/notes",
    );
  });

  it("fails fast on a pooled DATABASE_URL alone: its LISTEN would hear nothing", () => {
    for (const env of [
      { DATABASE_URL: "postgres://pooler:6543/notes?pgbouncer=true" },
      { DATABASE_URL: "postgres://pooler:6543/notes", DATABASE_POOLED: "true" },
    ])
      expect(() => loadEnv(env)).toThrow(/DATABASE_DIRECT_URL: required: DATABASE_URL is pooled/);
  });

  it("fails fast without any database URL", () => {
    expect(() => loadEnv({})).toThrow(/DATABASE_URL is required/);
  });
});
