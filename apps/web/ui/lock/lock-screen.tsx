"use client";
// What a locked app shows (issue 38): no title, no text, no list; only that it is
// locked, whose it is, and the password field that unlocks it in this tab (vault/app-
// lock.ts: the server is not asked), or a passkey of this device (a local assertion).
// Nothing syncs while locked.
import Link from "next/link";
import { useEffect, useState } from "react";
import { ActionForm, Field } from "../field";
import { FormError } from "../form-error";
import { useAction } from "../use-action";
import { useVault, useVaultState } from "../vault-context";

export function LockScreen() {
  const { vault } = useVault();
  const identifier = useVaultState((s) => s.identifier) ?? "";
  const [password, setPassword] = useState("");
  const [passkey, setPasskey] = useState(false);
  useEffect(() => {
    void vault.canUnlockWithPasskey().then(setPasskey);
  }, [vault]);
  const withPasskey = useAction(async (): Promise<void> => {
    if (!(await vault.unlockWithPasskey()))
      withPasskey.setError("No passkey of this device can unlock it. Use your password.");
  });
  const { run, busy, error, setError } = useAction(async (): Promise<void> => {
    if (!(await vault.unlock(password))) {
      setPassword("");
      setError("That password does not unlock your notes. Try again.");
    }
  });
  return (
    <main className="narrow lock-screen">
      <h1>Notes is locked</h1>
      <p className="lead">
        Your notes stay encrypted on this device and nothing syncs until you unlock. Unlocking
        happens here: your password never leaves this device.
      </p>
      <ActionForm onSubmit={run} noValidate>
        <input
          type="text"
          name="username"
          autoComplete="username"
          value={identifier}
          readOnly
          hidden
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          // The one thing to do here: the field has the keys at once.
          autoFocus
        />
        <FormError message={error} />
        <button type="submit" disabled={busy || password === ""}>
          {busy ? "Unlocking…" : "Unlock"}
        </button>
      </ActionForm>
      {passkey && (
        <>
          <button
            type="button"
            className="secondary"
            disabled={withPasskey.busy}
            onClick={() => void withPasskey.run()}
          >
            {withPasskey.busy ? "Waiting for your passkey…" : "Unlock with a passkey"}
          </button>
          <FormError message={withPasskey.error} />
        </>
      )}
      <p className="aside">
        Forgot your password? <Link href="/recover">Recover with your recovery code</Link>.
      </p>
    </main>
  );
}
