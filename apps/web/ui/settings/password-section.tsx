"use client";
// Password change: the master key is re-wrapped here; other sessions are ended.
import { useState } from "react";
import { MIN_PASSWORD } from "../auth/sign-up-form";
import { ActionForm, Field } from "../field";
import { FormError } from "../form-error";
import { useAction } from "../use-action";
import { useVault } from "../vault-context";

export function PasswordSection() {
  const { vault } = useVault();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [done, setDone] = useState(false);
  const { run, busy, error, setError } = useAction(async (): Promise<void> => {
    setDone(false);
    if (next.length < MIN_PASSWORD) {
      setError(`Use at least ${MIN_PASSWORD} characters for your new password.`);
      return;
    }
    await vault.changePassword(current, next);
    setCurrent("");
    setNext("");
    setDone(true);
  });
  return (
    <section aria-labelledby="password-h">
      <h2 id="password-h">Password</h2>
      <ActionForm onSubmit={run}>
        <Field
          label="Current password"
          type="password"
          name="currentPassword"
          autoComplete="current-password"
          required
          value={current}
          onChange={setCurrent}
        />
        <Field
          label="New password"
          type="password"
          name="newPassword"
          autoComplete="new-password"
          required
          value={next}
          onChange={setNext}
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
