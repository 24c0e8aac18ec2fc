"use client";
// Password change: the master key is re-wrapped here; other sessions are ended.
// A hidden username field tells password managers which login to update.
import { useState } from "react";
import { NewPasswordFields } from "../auth/new-password-fields";
import { newPasswordProblem } from "../auth/password-rules";
import { ActionForm, Field } from "../field";
import { FormError } from "../form-error";
import { useAction } from "../use-action";
import { useVault, useVaultState } from "../vault-context";

export function PasswordSection() {
  const { vault } = useVault();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [repeat, setRepeat] = useState("");
  const [done, setDone] = useState(false);
  const username = useVaultState((s) => s.account?.handle ?? s.identifier ?? "");
  const { run, busy, error, setError } = useAction(async (): Promise<void> => {
    setDone(false);
    const problem = newPasswordProblem(next, repeat);
    if (problem) {
      setError(problem);
      return;
    }
    await vault.changePassword(current, next);
    setCurrent("");
    setNext("");
    setRepeat("");
    setDone(true);
  });
  return (
    <section aria-labelledby="password-h">
      <h3 id="password-h">Password</h3>
      <ActionForm onSubmit={run} noValidate>
        <input
          type="text"
          name="username"
          autoComplete="username"
          value={username}
          readOnly
          hidden
        />
        <Field
          label="Current password"
          type="password"
          name="currentPassword"
          autoComplete="current-password"
          value={current}
          onChange={setCurrent}
        />
        <NewPasswordFields
          label="New password"
          repeatLabel="Repeat new password"
          password={next}
          repeat={repeat}
          onPassword={setNext}
          onRepeat={setRepeat}
          context={[username]}
        />
        <FormError message={error} />
        {done && <p role="status">Password changed. Your other devices were signed out.</p>}
        <button type="submit" disabled={busy}>
          {busy ? "Changing…" : "Change password"}
        </button>
      </ActionForm>
    </section>
  );
}
