// Which account each passkey enrolled or used here belongs to: a discoverable sign-in
// answers a credential id, and finishPasskey needs the account's handle. Kept in
// localStorage on purpose: it must outlive sign-out to sign in again, and holds only
// public names (credential id → handle), never a key.
const KEY = "notes.passkeyHandles";

type Handles = Record<string, string>;

function read(storage: Storage): Handles {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(KEY) ?? "{}");
    return parsed && typeof parsed === "object" ? (parsed as Handles) : {};
  } catch {
    return {};
  }
}

export function rememberPasskeyHandle(
  credentialId: string,
  handle: string,
  storage = localStorage,
) {
  storage.setItem(KEY, JSON.stringify({ ...read(storage), [credentialId]: handle }));
}

export function passkeyHandle(credentialId: string, storage = localStorage): string | undefined {
  return read(storage)[credentialId];
}

export function forgetPasskeyHandle(credentialId: string, storage = localStorage) {
  const { [credentialId]: _gone, ...rest } = read(storage);
  storage.setItem(KEY, JSON.stringify(rest));
}
