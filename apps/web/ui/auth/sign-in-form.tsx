"use client";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { FormError } from "../form-error";
import { useAction } from "../use-action";
import { useVault } from "../vault-context";
import { useRedirectWhenReady } from "./redirect-when-ready";
import { safeNext } from "./safe-next";

export function SignInForm() {
  const { vault, state } = useVault();
  const [identifier, setIdentifier] = useState("");
  const [password, setPassword] = useState("");
  const { run, busy, error } = useAction(() => vault.signIn(identifier.trim(), password));
  useRedirectWhenReady(safeNext(useSearchParams().get("next")));
  return (
    <main className="narrow">
      <h1>Sign in</h1>
      {state.notice && <p className="notice">{state.notice}</p>}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void run();
        }}
      >
        <label>
          Handle or e-mail
          <input
            name="identifier"
            autoComplete="username"
            required
            value={identifier}
            onChange={(e) => setIdentifier(e.target.value)}
          />
        </label>
        <label>
          Password
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        <FormError message={error} />
        <button type="submit" disabled={busy}>
          {busy ? "Unlocking…" : "Sign in"}
        </button>
      </form>
      <p className="aside">
        New here? <Link href="/signup">Create an account</Link>. Forgot your password?{" "}
        <Link href="/recover">Use your recovery code</Link>.
      </p>
    </main>
  );
}
