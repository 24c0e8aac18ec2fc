"use client";
// "Sign in with a passkey" on the sign-in screen: discoverable when the handle field
// is empty, that account's passkeys when it is filled (the fallback when this device
// does not know whose passkey it is). The PRF output unlocks the vault; without PRF,
// or with no passkey for this site on the device, the person reads why and is
// offered the password.
import { webAuthnAvailable } from "@notes/client";
import { useEffect, useState } from "react";
import { passkeySignIn } from "../../vault/passkeys";
import { FormError } from "../form-error";
import { useVault } from "../vault-context";
import { type PasskeySignInFailure, passkeySignInFailure } from "./passkey-sign-in-failure";

export function PasskeySignIn({
  identifier,
  goToPassword,
}: {
  identifier: string;
  /** Takes the person to the password form. */
  goToPassword(): void;
}) {
  const { vault } = useVault();
  const [available, setAvailable] = useState(true);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<PasskeySignInFailure>();
  useEffect(() => setAvailable(webAuthnAvailable()), []);
  const run = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      await passkeySignIn(vault, identifier.trim() || undefined);
    } catch (error) {
      setFailure(passkeySignInFailure(error));
    } finally {
      setBusy(false);
    }
  };
  if (!available)
    return (
      <p className="muted">
        This browser cannot use passkeys. Sign in with your password, or link this device from one
        that is signed in.
      </p>
    );
  return (
    <div className="passkey-sign-in">
      <button type="button" className="secondary" disabled={busy} onClick={() => void run()}>
        {busy ? "Waiting for your passkey…" : "Sign in with a passkey"}
      </button>
      <FormError message={failure?.message} />
      {failure?.offerPassword && (
        <button type="button" className="link" onClick={goToPassword}>
          Use my password
        </button>
      )}
    </div>
  );
}
