"use client";
// Settings → Security → App lock (issue 38): when this device locks by itself, and a
// way to lock it now. Locked, the app shows no title or text and holds no key until the
// password is typed again.
import { useEffect, useState } from "react";
import { useVault } from "../vault-context";
import {
  LOCK_CHOICES,
  type LockMinutes,
  lockChoiceLabel,
  lockMinutes,
  setLockMinutes,
} from "./lock-setting";

export function LockSection() {
  const { vault } = useVault();
  const [minutes, setMinutes] = useState<LockMinutes>(0);
  useEffect(() => setMinutes(lockMinutes()), []);
  if (!vault.canLock())
    return (
      <section aria-labelledby="lock-h">
        <h3 id="lock-h">App lock</h3>
        <p className="muted">
          Sign in with your password once on this device to use the app lock: unlocking it takes the
          password.
        </p>
      </section>
    );
  return (
    <section aria-labelledby="lock-h">
      <h3 id="lock-h">App lock</h3>
      <p className="muted">
        Locked, this device shows no title or text and keeps no key in memory; your password unlocks
        it, here, without the server. Nothing syncs while it is locked.
      </p>
      <fieldset className="choices">
        <legend>Lock this device</legend>
        {LOCK_CHOICES.map((choice) => (
          <label className="check" key={choice}>
            <input
              type="radio"
              name="lock-minutes"
              checked={minutes === choice}
              onChange={() => {
                setMinutes(choice);
                setLockMinutes(choice);
              }}
            />
            {lockChoiceLabel(choice)}
          </label>
        ))}
      </fieldset>
      <button type="button" className="secondary" onClick={() => void vault.lock()}>
        Lock now
      </button>
    </section>
  );
}
