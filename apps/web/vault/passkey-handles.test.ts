// The credential → handle memory that lets a discoverable passkey sign-in name its
// account: survives unrelated entries, forgets one passkey, shrugs off bad JSON.
import { describe, expect, it } from "vitest";
import { forgetPasskeyHandle, passkeyHandle, rememberPasskeyHandle } from "./passkey-handles";

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe("passkey handles", () => {
  it("remembers and forgets the account of each credential", () => {
    const storage = memoryStorage();
    rememberPasskeyHandle("cred-a", "alice", storage);
    rememberPasskeyHandle("cred-b", "bob", storage);
    expect(passkeyHandle("cred-a", storage)).toBe("alice");
    forgetPasskeyHandle("cred-a", storage);
    expect(passkeyHandle("cred-a", storage)).toBeUndefined();
    expect(passkeyHandle("cred-b", storage)).toBe("bob");
  });

  it("treats a damaged entry as empty", () => {
    const storage = memoryStorage();
    storage.setItem("notes.passkeyHandles", "{oops");
    expect(passkeyHandle("cred-a", storage)).toBeUndefined();
    rememberPasskeyHandle("cred-a", "alice", storage);
    expect(passkeyHandle("cred-a", storage)).toBe("alice");
  });
});
