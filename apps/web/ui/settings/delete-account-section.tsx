"use client";
// Deleting the account: confirmed with the password, then everything local goes too.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ActionForm, Field } from "../field";
import { FormError } from "../form-error";
import { useAction } from "../use-action";
import { useVault } from "../vault-context";

export function DeleteAccountSection() {
  const { vault } = useVault();
  const router = useRouter();
  const [password, setPassword] = useState("");
  const { run, busy, error } = useAction(async () => {
    await vault.deleteAccount(password);
    router.replace("/signin");
  });
  return (
    <section aria-labelledby="delete-h" className="danger-zone">
      <h3 id="delete-h">Delete account</h3>
      <p>This deletes your account and every note you own, on every device. It cannot be undone.</p>
      <ActionForm onSubmit={run}>
        <Field
          label="Password"
          type="password"
          name="deletePassword"
          autoComplete="current-password"
          required
          value={password}
          onChange={setPassword}
        />
        <FormError message={error} />
        <button type="submit" className="danger" disabled={busy}>
          Delete my account
        </button>
      </ActionForm>
    </section>
  );
}
