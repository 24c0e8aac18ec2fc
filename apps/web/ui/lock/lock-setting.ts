// The app lock's idle time, per device (issue 38): kept in this browser's storage, not
// synced (a shared family tablet and a phone in a pocket want different times). Not a
// secret: it says only how long to wait. 0: never by itself ("Lock now" still works).
export const LOCK_CHOICES = [0, 1, 5, 15, 60] as const;
export type LockMinutes = (typeof LOCK_CHOICES)[number];

const KEY = "notes-web/app-lock-minutes";
const CHANGED = "notes-web:app-lock-minutes";

export function lockMinutes(): LockMinutes {
  if (typeof localStorage === "undefined") return 0;
  const stored = Number(localStorage.getItem(KEY));
  return (LOCK_CHOICES as readonly number[]).includes(stored) ? (stored as LockMinutes) : 0;
}

export function setLockMinutes(minutes: LockMinutes): void {
  if (minutes === 0) localStorage.removeItem(KEY);
  else localStorage.setItem(KEY, String(minutes));
  dispatchEvent(new Event(CHANGED));
}

/** Calls back when the setting changes in this tab or another. */
export function onLockMinutesChanged(changed: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY) changed();
  };
  addEventListener(CHANGED, changed);
  addEventListener("storage", onStorage);
  return () => {
    removeEventListener(CHANGED, changed);
    removeEventListener("storage", onStorage);
  };
}

export function lockChoiceLabel(minutes: LockMinutes): string {
  if (minutes === 0) return "Only when I lock it";
  if (minutes === 60) return "After 1 hour without use";
  return `After ${minutes} minute${minutes === 1 ? "" : "s"} without use`;
}
