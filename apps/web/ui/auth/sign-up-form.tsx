"use client";
// Sign-up: keys are made in this tab; the recovery code is shown once and the person
// confirms they saved it before going on.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { recordJourney } from "../../vault/journey";
import { ActionForm, Field } from "../field";
import { FormError } from "../form-error";
import { useAction } from "../use-action";
import { useVault } from "../vault-context";
import { RecoveryCode } from "./recovery-code";
import { useRedirectWhenReady } from "./redirect-when-ready";

export const MIN_PASSWORD = 10;

export function SignUpForm() {
  const { vault } = useVault();
  const router = useRouter();
  const [handle, setHandle] = useState("");
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const [recoveryCode, setRecoveryCode] = useState<string>();
  const { run, busy, error, setError } = useAction(async (): Promise<void> => {
    if (password.length < MIN_PASSWORD) {
      setError(`Use at least ${MIN_PASSWORD} characters for your password.`);
      return;
    }
    if (password !== repeat) {
      setError("The two passwords differ.");
      return;
    }
    setSubmitted(true);
    try {
      setRecoveryCode(await vault.signUp(handle.trim(), password));
    } catch (e) {
      setSubmitted(false);
      throw e;
    }
  });
  useRedirectWhenReady("/notes", !submitted);
  useEffect(() => recordJourney(vault.api, "onboard", "start"), [vault]);

  if (recoveryCode)
    return (
      <RecoveryCode
        code={recoveryCode}
        onConfirmed={() => {
          recordJourney(vault.api, "onboard", "complete");
          router.replace("/notes");
        }}
      />
    );
  return (
    <main className="narrow">
      <h1>Create your account</h1>
      <p className="lead">
        Your password never leaves this device. Choose one you will remember: without it or your
        recovery code, nobody — including us — can open your notes.
      </p>
      <ActionForm onSubmit={run}>
        <Field
          label="Handle"
          name="handle"
          autoComplete="username"
          required
          pattern="[a-z0-9_]{3,32}"
          title="3–32 lowercase letters, digits or underscores"
          value={handle}
          onChange={(v) => setHandle(v.toLowerCase())}
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD}
          value={password}
          onChange={setPassword}
        />
        <Field
          label="Repeat password"
          name="repeat"
          type="password"
          autoComplete="new-password"
          required
          value={repeat}
          onChange={setRepeat}
        />
        <FormError message={error} />
        <button type="submit" disabled={busy}>
          {busy ? "Making your keys…" : "Create account"}
        </button>
      </ActionForm>
      <p className="aside">
        Have an account? <Link href="/signin">Sign in</Link>.
      </p>
    </main>
  );
}
