// A server offering weak KDF parameters is refused before any key is derived or sent.
import { describe, expect, it } from "vitest";
import { fakeFetch, json } from "../../test/support/test-fetch";
import { createApiClient } from "../api/client";
import { WeakKdfParameters } from "../errors";
import { signIn } from "./sign-in";

describe("signIn", () => {
  it("refuses kdfIterations below 600000 and never sends an auth key", async () => {
    const { fetch, requests } = fakeFetch([
      json({ kdfIterations: 1000, kdfSalt: "AAAAAAAAAAAAAAAAAAAAAA==" }),
    ]);
    const api = createApiClient({ baseUrl: "http://x", fetch });
    await expect(signIn(api, { identifier: "alice", password: "pw" })).rejects.toBeInstanceOf(
      WeakKdfParameters,
    );
    expect(requests.map((r) => r.url)).toEqual(["http://x/v1/accounts:lookupAuthParams"]);
  });
});
