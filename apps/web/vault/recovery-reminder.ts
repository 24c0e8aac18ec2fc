// Whether this person still owes us a "yes, I saved my recovery code". Set at
// sign-up before the code is shown, cleared when they confirm (at sign-up or after
// making a new code in Settings), so closing the tab on the code step leaves a
// reminder. Kept in localStorage by account id (no secret, nothing about notes),
// so it outlives sign-out on this device.
const PREFIX = "notes.recovery-unconfirmed.";
const listeners = new Set<() => void>();

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // storage blocked: no reminder rather than a crash
  }
}

export function recoveryUnconfirmed(accountId: string): boolean {
  return storage()?.getItem(PREFIX + accountId) === "1";
}

export function markRecoveryUnconfirmed(accountId: string): void {
  storage()?.setItem(PREFIX + accountId, "1");
  for (const listener of listeners) listener();
}

export function confirmRecoverySaved(accountId: string): void {
  storage()?.removeItem(PREFIX + accountId);
  for (const listener of listeners) listener();
}

/** Calls back on changes from this tab and from other tabs of the same origin. */
export function watchRecoveryReminder(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key?.startsWith(PREFIX)) listener();
  };
  globalThis.addEventListener?.("storage", onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.("storage", onStorage);
  };
}
