// The account's ETag belongs to the session that read it: after a sign-out, the
// next account's first profile edit reads its own version first instead of sending
// the last account's (which the server would refuse, 412).
import type { Account, ApiClient } from "@notes/client";
import { describe, expect, it } from "vitest";
import { AccountRecord } from "./account-record";

function fakeApi() {
  let version = 0;
  const sent: { path: string; ifMatch?: string }[] = [];
  const api = {
    send: async (path: string, _input: unknown, options?: { headers?: Record<string, string> }) => {
      sent.push({ path, ifMatch: options?.headers?.["If-Match"] });
      version += 1;
      return {
        body: { id: `account-${version}` } as unknown as Account,
        headers: new Headers({ etag: `"v${version}"` }),
      };
    },
  } as unknown as ApiClient;
  return { api, sent };
}

describe("AccountRecord", () => {
  it("patches against the version it read", async () => {
    const { api, sent } = fakeApi();
    const record = new AccountRecord(api, () => {});
    await record.refresh();
    await record.patch({ handle: "next" });
    expect(sent).toEqual([{ path: "account.get" }, { path: "account.patch", ifMatch: '"v1"' }]);
  });

  it("reads the account again after forget, before its first patch", async () => {
    const { api, sent } = fakeApi();
    const record = new AccountRecord(api, () => {});
    await record.refresh();
    record.forget();
    await record.patch({ handle: "someone-else" });
    expect(sent.map((s) => s.path)).toEqual(["account.get", "account.get", "account.patch"]);
    expect(sent[2]?.ifMatch).toBe('"v2"');
  });
});
