"use client";
// Recovery: the recovery code opens the master key here, and a new password wraps it.
import Link from "next/link";
import { useState } from "react";
import { CodeField } from "../code-field";
import { ActionForm, Field } from "../field";
import { FormError } from "../form-error";
import { useAction } from "../use-action";
import { useVault } from "../vault-context";
import { NewPasswordFields } from "./new-password-fields";
import { newPasswordProblem } from "./password-rules";
import { useRedirectWhenReady } from "./redirect-when-ready";

export function RecoverForm() {
  const { vault } = useVault();
  const [identifier, setIdentifier] = useState("");
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const { run, busy, error, setError } = useAction(async (): Promise<void> => {
    const problem = newPasswordProblem(password, repeat);
    if (problem) {
      setError(problem);
      return;
    }
    await vault.recover(identifier.trim(), code, password);
  }, "recovery");
  useRedirectWhenReady();
  return (
    <main className="narrow">
      <h1>Recover your account</h1>
      <p className="lead">
        Enter the recovery code you saved when you created the account, and choose a new password.
        Your other devices will be signed out.
      </p>
      <ActionForm onSubmit={run} noValidate>
        <Field
          label="Handle or e-mail"
          name="identifier"
          autoComplete="username"
          required
          value={identifier}
          onChange={setIdentifier}
        />
        <CodeField label="Recovery code" name="recoveryCode" value={code} onChange={setCode} />
        <NewPasswordFields
          label="New password"
          repeatLabel="Repeat new password"
          password={password}
          repeat={repeat}
          onPassword={setPassword}
          onRepeat={setRepeat}
          context={[identifier]}
        />
        <FormError message={error} />
        <button type="submit" disabled={busy}>
          {busy ? "Recovering…" : "Recover and sign in"}
        </button>
      </ActionForm>
      <p className="aside">
        Remembered it? <Link href="/signin">Sign in</Link>.
      </p>
    </main>
  );
}
