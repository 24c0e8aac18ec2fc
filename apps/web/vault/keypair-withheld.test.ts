// Issue 33, item 14 in the web app: a sign-in answer that withholds the account's
// keypair (while the account has notes) once opened an empty account without a word.
// The session keeper now begins nothing: no session is kept, the screens stay signed
// out, no keypair is made, and the sign-in form shows why in plain words.
import "fake-indexeddb/auto";
import { createApiClient, type FetchLike, KeypairWithheld } from "@notes/client";
import { deriveAccountKeys, fromBase64, loadSodium, wrapKey } from "@notes/crypto";
import { describe, expect, it } from "vitest";
import { describeError } from "../ui/problem-text";
import { SessionKeeper } from "./session-keeper";
import { loadSession } from "./stored-session";
import { freshDb } from "./test-session";
import { initialState, type VaultState } from "./vault-state";

const PASSWORD = "correct horse battery staple";
const SALT = "AAECAwQFBgcICQoLDA0ODw==";

/** A server that proves the password, then answers no keypair for an account with notes. */
async function withholdingServer(): Promise<{ fetch: FetchLike; paths: string[] }> {
  const keys = await deriveAccountKeys(PASSWORD, fromBase64(SALT), 600_000);
  const wrappedMasterKey = wrapKey(await loadSodium(), keys.wrapKey, new Uint8Array(32).fill(2));
  const paths: string[] = [];
  const answer = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { "Content-Type": "application/json" },
    });
  const fetch: FetchLike = async (url, init) => {
    const path = `${init.method ?? "GET"} ${new URL(url).pathname}`;
    paths.push(path);
    if (path === "POST /v1/accounts:lookupAuthParams")
      return answer({ kdfIterations: 600_000, kdfSalt: SALT });
    if (path === "POST /v1/sessions")
      return answer({
        token: "token",
        deviceToken: "device",
        account: {
          id: "00000000-0000-4000-8000-0000000000a1",
          handle: "alice",
          usage: { accountBytes: 2048, maxAccountBytes: 1 << 20, noteCount: 12 },
        },
        keys: {
          kdfIterations: 600_000,
          kdfSalt: SALT,
          wrappedMasterKey,
          recoveryWrappedMasterKey: wrappedMasterKey,
        },
      });
    // Whatever else is asked (a keypair to store, the notes to open) the liar takes.
    return new Response(null, { status: 204 });
  };
  return { fetch, paths };
}

describe("a sign-in answer that withholds the keypair of an account with notes", () => {
  it("begins no session, keeps nothing, makes no keypair, and says why", async () => {
    const server = await withholdingServer();
    const db = await freshDb();
    let state: VaultState = { ...initialState, status: "signed-out" };
    const keeper = new SessionKeeper(
      createApiClient({ baseUrl: "http://x", fetch: server.fetch }),
      db,
      {
        state: () => state,
        set: (patch) => {
          state = { ...state, ...patch };
        },
        accountChanged: () => undefined,
        bridge: () => undefined,
        beforeSignOut: async () => undefined,
      },
    );
    const error = await keeper.signIn("alice", PASSWORD).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KeypairWithheld);
    expect(state.status).toBe("signed-out");
    expect(keeper.session).toBeUndefined();
    expect(await loadSession(db)).toBeUndefined();
    expect(server.paths).toEqual(["POST /v1/accounts:lookupAuthParams", "POST /v1/sessions"]);
    expect(describeError(error, "password")).toMatch(
      /^The server answered that your account has no keys, yet it has notes/,
    );
  });
});
