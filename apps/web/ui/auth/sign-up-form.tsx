"use client";
// Sign-up: keys are made in this tab; the recovery code is shown once and the person
// confirms they saved it before going on.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { ActionForm, Field } from "../field";
import { FormError } from "../form-error";
import { useAction } from "../use-action";
import { useVault } from "../vault-context";
import { NewPasswordFields } from "./new-password-fields";
import { newPasswordProblem } from "./password-rules";
import { RecoveryCode } from "./recovery-code";
import { useRedirectWhenReady } from "./redirect-when-ready";

const HANDLE = /^[a-z0-9_]{3,32}$/;

export function SignUpForm() {
  const { vault } = useVault();
  const router = useRouter();
  const [handle, setHandle] = useState("");
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const [recoveryCode, setRecoveryCode] = useState<string>();
  const { run, busy, error, setError } = useAction(async (): Promise<void> => {
    const trimmed = handle.trim();
    const problem = HANDLE.test(trimmed)
      ? newPasswordProblem(password, repeat)
      : "Choose a handle of 3–32 lowercase letters, digits or underscores.";
    if (problem) {
      setError(problem);
      return;
    }
    setSubmitted(true);
    try {
      setRecoveryCode(await vault.signUp(trimmed, password));
    } catch (e) {
      setSubmitted(false);
      throw e;
    }
  });
  useRedirectWhenReady("/notes", !submitted);
  useEffect(() => vault.recordJourney("onboard", "start"), [vault]);

  if (recoveryCode)
    return (
      <main className="narrow">
        <RecoveryCode
          code={recoveryCode}
          onConfirmed={() => {
            vault.confirmRecoverySaved();
            vault.recordJourney("onboard", "complete");
            router.replace("/notes");
          }}
        />
      </main>
    );
  return (
    <main className="narrow">
      <h1>Create your account</h1>
      <p className="lead">
        Your password never leaves this device. Choose one you will remember: without it or your
        recovery code, nobody — including us — can open your notes.
      </p>
      <ActionForm onSubmit={run} noValidate>
        <Field
          label="Handle"
          name="handle"
          autoComplete="username"
          hint="3–32 lowercase letters, digits or underscores. Others find you by it."
          value={handle}
          onChange={(v) => setHandle(v.toLowerCase())}
        />
        <NewPasswordFields
          label="Password"
          repeatLabel="Repeat password"
          password={password}
          repeat={repeat}
          onPassword={setPassword}
          onRepeat={setRepeat}
          context={[handle]}
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
