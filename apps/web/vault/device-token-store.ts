// This browser's device token (issue 22, finding 7): the newest `deviceToken` a
// sign-in answered here, sent back on the next sign-in so a stranger who spent the
// account's shared limit cannot keep this browser out. Kept in localStorage on
// purpose: it must outlive sign-out, and it opens nothing (the session token, which
// does, lives in IndexedDB). An HttpOnly cookie would hide it from scripts, but /v1
// takes no cookies (CORS without credentials), and a script that could read it could
// already sign in from this page anyway.
const KEY = "notes.deviceToken";

export function storedDeviceToken(storage = globalThis.localStorage): string | undefined {
  try {
    return storage?.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function storeDeviceToken(token: string, storage = globalThis.localStorage) {
  try {
    storage?.setItem(KEY, token);
  } catch {
    // Storage refused (private mode, quota): the next sign-in shares the anonymous limit.
  }
}
