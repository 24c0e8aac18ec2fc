"use client";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useId, useState } from "react";
import { ActionForm, Field } from "../field";
import { FormError } from "../form-error";
import { PasskeySignIn } from "../passkeys/passkey-sign-in";
import { useAction } from "../use-action";
import { useVault, useVaultState } from "../vault-context";
import { useRedirectWhenReady } from "./redirect-when-ready";
import { safeNext } from "./safe-next";

export function SignInForm() {
  const { vault } = useVault();
  const notice = useVaultState((s) => s.notice);
  const [identifier, setIdentifier] = useState("");
  const [password, setPassword] = useState("");
  const { run, busy, error } = useAction(
    () => vault.signIn(identifier.trim(), password),
    "password",
  );
  const identifierId = useId();
  const passwordId = useId();
  // From a passkey that failed: to the first field the password sign-in still needs.
  const goToPassword = () =>
    document.getElementById(identifier.trim() ? passwordId : identifierId)?.focus();
  useRedirectWhenReady(safeNext(useSearchParams().get("next")));
  return (
    <main className="narrow">
      <h1>Sign in</h1>
      {notice && <p className="notice">{notice}</p>}
      <ActionForm onSubmit={run}>
        <Field
          id={identifierId}
          label="Handle or e-mail"
          name="identifier"
          autoComplete="username"
          required
          value={identifier}
          onChange={setIdentifier}
        />
        <Field
          id={passwordId}
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={setPassword}
        />
        <FormError message={error} />
        <button type="submit" disabled={busy}>
          {busy ? "Unlocking…" : "Sign in"}
        </button>
      </ActionForm>
      <PasskeySignIn identifier={identifier} goToPassword={goToPassword} />
      <p className="aside">
        New device? <Link href="/link">Use another device</Link> that is signed in.
      </p>
      <p className="aside">
        New here? <Link href="/signup">Create an account</Link>. Forgot your password?{" "}
        <Link href="/recover">Use your recovery code</Link>.
      </p>
    </main>
  );
}
