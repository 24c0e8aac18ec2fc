import { describe, expect, it } from "vitest";
import { postgresTarget, withoutPoolerParam } from "./pooling";

describe("withoutPoolerParam", () => {
  it("reads pgbouncer=true and removes it, keeping the other parameters as written", () => {
    expect(
      withoutPoolerParam("postgres://u:p@pooler:6543/app?sslmode=require&pgbouncer=true&x=a%20b"),
    ).toEqual({ url: "postgres://u:p@pooler:6543/app?sslmode=require&x=a%20b", saysPooled: true });
  });

  it("drops the question mark when nothing else is left", () => {
    expect(withoutPoolerParam("postgres://pooler/app?pgbouncer=true")).toEqual({
      url: "postgres://pooler/app",
      saysPooled: true,
    });
  });

  it("removes any other value too, without calling the URL pooled", () => {
    expect(withoutPoolerParam("postgres://db/app?pgbouncer=false")).toEqual({
      url: "postgres://db/app",
      saysPooled: false,
    });
  });

  it("leaves URLs without it alone, several hosts included", () => {
    const url = "postgres://db1:5432,db2:5432/app?target_session_attrs=read-write";
    expect(withoutPoolerParam(url)).toEqual({ url, saysPooled: false });
  });
});

describe("postgresTarget", () => {
  it("lets an explicit flag win over the URL", () => {
    expect(postgresTarget("postgres://db/app", true)).toEqual({
      url: "postgres://db/app",
      pooled: true,
    });
    expect(postgresTarget("postgres://db/app?pgbouncer=true", false).pooled).toBe(false);
    expect(postgresTarget("postgres://db/app?pgbouncer=true").pooled).toBe(true);
  });
});
