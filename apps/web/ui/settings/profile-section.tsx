"use client";
// Handle, e-mail (with verification) and discoverability, saved with If-Match so a
// change made elsewhere meanwhile is never overwritten silently.
import type { Account } from "@notes/client";
import { useState } from "react";
import { ActionForm, Field } from "../field";
import { FormError } from "../form-error";
import { useAction } from "../use-action";
import { useVault } from "../vault-context";

export function ProfileSection({ account }: { account: Account }) {
  const { vault } = useVault();
  const [handle, setHandle] = useState(account.handle ?? "");
  // A new address waits as pendingEmail until verified; the field shows what was asked for.
  const shownEmail = account.pendingEmail ?? account.email ?? "";
  const [email, setEmail] = useState(shownEmail);
  const [code, setCode] = useState("");
  const [message, setMessage] = useState<string>();
  const save = useAction(async (): Promise<void> => {
    setMessage(undefined);
    const body: { handle?: string | null; email?: string | null } = {};
    if (handle.trim() !== (account.handle ?? "")) body.handle = handle.trim() || null;
    if (email.trim() !== shownEmail) body.email = email.trim() || null;
    if (Object.keys(body).length === 0) {
      setMessage("Nothing to save.");
      return;
    }
    await vault.patchAccount(body);
    setMessage("Saved.");
  });
  // Shown at once; put back if the server refuses; said once saved, so nobody reloads
  // or leaves thinking it kept before it did.
  const [discoverable, setDiscoverable] = useState(account.discoverableByEmail);
  const discover = useAction(async (on: boolean) => {
    setMessage(undefined);
    setDiscoverable(on);
    try {
      await vault.patchAccount({ discoverableByEmail: on });
    } catch (e) {
      setDiscoverable(!on);
      throw e;
    }
    setMessage(
      on
        ? "Saved: people who know your e-mail can find you."
        : "Saved: nobody can find you by your e-mail.",
    );
  });
  const sendMail = useAction(async (): Promise<void> => {
    await vault.account.sendVerificationEmail();
    setMessage("We sent a verification code to your e-mail.");
  });
  const verify = useAction(async (): Promise<void> => {
    await vault.verifyEmail(code.trim());
    setMessage("E-mail verified.");
  });
  return (
    <section aria-labelledby="profile-h">
      <h3 id="profile-h">Profile</h3>
      <ActionForm onSubmit={save.run}>
        <Field label="Handle" name="handle" value={handle} onChange={setHandle} />
        <Field label="E-mail" name="email" type="email" value={email} onChange={setEmail} />
        <FormError message={save.error} />
        <button type="submit" disabled={save.busy}>
          Save profile
        </button>
      </ActionForm>
      {(account.pendingEmail || (account.email && !account.emailVerified)) && (
        <div className="verify">
          <p>
            {account.pendingEmail
              ? `${account.pendingEmail} is not verified yet${account.email ? `; you keep ${account.email} until it is` : ""}.`
              : "Your e-mail is not verified yet."}
          </p>
          <button type="button" className="secondary" onClick={() => void sendMail.run()}>
            Send verification e-mail
          </button>
          <Field label="Verification code" value={code} onChange={setCode} />
          <button type="button" onClick={() => void verify.run()} disabled={!code.trim()}>
            Verify
          </button>
          <FormError message={sendMail.error ?? verify.error} />
        </div>
      )}
      {account.email && account.emailVerified && !account.pendingEmail && <p>E-mail verified.</p>}
      <label className="check">
        <input
          type="checkbox"
          checked={discoverable}
          disabled={!account.emailVerified || discover.busy}
          onChange={(e) => void discover.run(e.target.checked)}
        />
        Let people who know my e-mail find me to share notes
      </label>
      <FormError message={discover.error} />
      {message && <p role="status">{message}</p>}
    </section>
  );
}
