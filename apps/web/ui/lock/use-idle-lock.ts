"use client";
// Locks the app after the idle time this device chose (lock-setting.ts); any key,
// click, touch or scroll in the tab counts as use.
import { useEffect, useState } from "react";
import { useVault } from "../vault-context";
import { IdleTimer } from "./idle-timer";
import { lockMinutes, onLockMinutesChanged } from "./lock-setting";

const ACTIVITY = ["keydown", "pointerdown", "wheel", "touchstart"] as const;

export function useIdleLock(active: boolean): void {
  const { vault } = useVault();
  const [minutes, setMinutes] = useState(0);
  useEffect(() => {
    setMinutes(lockMinutes());
    return onLockMinutesChanged(() => setMinutes(lockMinutes()));
  }, []);
  useEffect(() => {
    if (!active || minutes === 0 || !vault.canLock()) return;
    const timer = new IdleTimer(minutes * 60_000, () => void vault.lock());
    const used = () => timer.activity();
    for (const type of ACTIVITY) addEventListener(type, used, { passive: true, capture: true });
    return () => {
      timer.stop();
      for (const type of ACTIVITY) removeEventListener(type, used, { capture: true });
    };
  }, [vault, active, minutes]);
}
