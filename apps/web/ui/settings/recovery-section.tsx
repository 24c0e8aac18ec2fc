"use client";
// A new recovery code, made in this tab after re-entering the password. The old
// code stops working at once; the new one is shown once and must be confirmed.
import { useState } from "react";
import { RecoveryCode } from "../auth/recovery-code";
import { ActionForm, Field } from "../field";
import { FormError } from "../form-error";
import { useAction } from "../use-action";
import { useVault, useVaultState } from "../vault-context";
import { useRecoveryReminder } from "./use-recovery-reminder";

export function RecoverySection() {
  const { vault } = useVault();
  const unconfirmed = useRecoveryReminder(useVaultState((s) => s.account?.id));
  const [password, setPassword] = useState("");
  const [code, setCode] = useState<string>();
  const [done, setDone] = useState(false);
  const { run, busy, error } = useAction(async () => {
    setDone(false);
    setCode(await vault.replaceRecoveryKey(password));
    setPassword("");
  });
  return (
    <section aria-labelledby="recovery-h" id="recovery">
      <h3 id="recovery-h">Recovery code</h3>
      {code ? (
        <RecoveryCode
          code={code}
          heading="Your new recovery code"
          headingLevel="h3"
          confirmLabel="Done"
          onConfirmed={() => {
            vault.confirmRecoverySaved();
            setCode(undefined);
            setDone(true);
          }}
        />
      ) : (
        <>
          <p>
            {unconfirmed
              ? "You have not confirmed that you saved your recovery code. Make a new one now: without it or your password, your notes cannot be opened."
              : "Lost your recovery code? Make a new one. The old code stops working at once; your devices stay signed in."}
          </p>
          <ActionForm onSubmit={run}>
            <Field
              label="Your password"
              type="password"
              name="recoveryPassword"
              autoComplete="current-password"
              required
              value={password}
              onChange={setPassword}
            />
            <FormError message={error} />
            {done && <p role="status">New recovery code saved. The old one no longer works.</p>}
            <button type="submit" disabled={busy}>
              {busy ? "Making a new code…" : "Make a new recovery code"}
            </button>
          </ActionForm>
        </>
      )}
    </section>
  );
}
