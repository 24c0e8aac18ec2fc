"use client";
// True while the signed-in person has not confirmed saving a recovery code.
import { useSyncExternalStore } from "react";
import { recoveryUnconfirmed, watchRecoveryReminder } from "../../vault/recovery-reminder";

export function useRecoveryReminder(accountId: string | undefined): boolean {
  return useSyncExternalStore(
    watchRecoveryReminder,
    () => (accountId ? recoveryUnconfirmed(accountId) : false),
    () => false,
  );
}
