// A session's start (issue 35): a reload shows the list this device saved (its first
// screen, status "opening") before the session's stores are read, and nothing waiting
// for the Notebook gets one until they are. A session closed while its stores are read
// never becomes ready, and what waited for its Notebook gets none.
import "fake-indexeddb/auto";
import { createApiClient } from "@notes/client";
import { describe, expect, it, vi } from "vitest";
import type { LocalDb } from "./local-db";
import { type SessionHost, SessionKeeper } from "./session-keeper";
import { freshDb, saveList, testSession } from "./test-session";
import { initialState, type NoteListItem, type VaultState } from "./vault-state";

const NOTE: NoteListItem = {
  id: "0f8fad5b-d9cb-469f-a165-70867728950e",
  title: "Written last",
  tags: [],
  role: "owner",
  shared: false,
  updatedAt: "2026-11-30T06:00:00.000Z",
};

/** The device's database, its read of the keyring held until `release()`. */
function holdingKeyring(db: LocalDb) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = false;
  const held = new Proxy(db, {
    get(target, prop) {
      if (prop === "get")
        return async (store: "meta", key: string) => {
          if (store === "meta" && key === "keyring") {
            asked = true;
            await released;
          }
          return target.get(store, key);
        };
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db: held, release, asked: () => asked };
}

function recordingHost() {
  let state: VaultState = initialState;
  const statuses: VaultState["status"][] = [];
  const host: SessionHost = {
    state: () => state,
    set: (patch) => {
      state = { ...state, ...patch };
      if (patch.status) statuses.push(patch.status);
    },
    accountChanged: () => undefined,
    bridge: () => undefined,
    beforeSignOut: async () => undefined,
  };
  return { host, statuses, state: () => state };
}

/** Offline, counting what was asked: nothing here may need the server. */
function offlineApi() {
  const asked: string[] = [];
  const api = createApiClient({
    baseUrl: "http://x",
    fetch: async (url) => {
      asked.push(String(url));
      throw new TypeError("offline");
    },
  });
  return { api, asked };
}

describe("session keeper: a session's start", () => {
  it("shows the saved list while the stores are read; closed meanwhile, it never opens", async () => {
    const session = await testSession();
    const device = await freshDb();
    await saveList(device, session, [NOTE], Date.now());
    const { db, release, asked } = holdingKeyring(device);
    const recorded = recordingHost();
    const server = offlineApi();
    const keeper = new SessionKeeper(server.api, db, recorded.host);

    const started = keeper.start(session);
    await vi.waitFor(() => expect(asked()).toBe(true));
    // On screen before the stores are in: the saved first screen, and nothing else yet.
    expect(recorded.statuses).toEqual(["opening"]);
    expect(recorded.state().list.get(NOTE.id)?.title).toBe("Written last");
    expect(recorded.state().account?.id).toBe(session.account.id);
    let opened: unknown = "waiting";
    void keeper.whenOpen().then((notebook) => {
      opened = notebook;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(opened).toBe("waiting");

    // Signed out while the keyring is still being read: the start stops there.
    await keeper.forget();
    release();
    await started;
    expect(opened).toBeUndefined();
    expect(await keeper.whenOpen()).toBeUndefined();
    expect(recorded.statuses).toEqual(["opening", "signed-out"]);
    expect(keeper.notebook).toBeUndefined();
    // Nothing was started for the closed session (key pins, key transparency, the sync).
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.asked).toEqual([]);
  });

  it("with no saved list, shows nothing before the stores are read", async () => {
    const session = await testSession();
    const { db, release, asked } = holdingKeyring(await freshDb());
    const recorded = recordingHost();
    const keeper = new SessionKeeper(offlineApi().api, db, recorded.host);

    const started = keeper.start(session);
    await vi.waitFor(() => expect(asked()).toBe(true));
    expect(recorded.statuses).toEqual([]);
    expect(recorded.state().status).toBe("loading");

    await keeper.forget();
    release();
    await started;
    expect(recorded.statuses).toEqual(["signed-out"]);
  });
});
