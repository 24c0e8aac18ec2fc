"use client";
// "Sign in with a passkey" on the sign-in screen: discoverable when the handle field
// is empty, that account's passkeys when it is filled (the fallback when this device
// does not know whose passkey it is). The PRF output unlocks the vault; without PRF
// the person reads why and keeps using the password.
import { webAuthnAvailable } from "@notes/client";
import { useEffect, useState } from "react";
import { passkeySignIn } from "../../vault/passkeys";
import { FormError } from "../form-error";
import { useAction } from "../use-action";
import { useVault } from "../vault-context";

export function PasskeySignIn({ identifier }: { identifier: string }) {
  const { vault } = useVault();
  const [available, setAvailable] = useState(true);
  useEffect(() => setAvailable(webAuthnAvailable()), []);
  const { run, busy, error } = useAction(() =>
    passkeySignIn(vault, identifier.trim() || undefined),
  );
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
      <FormError message={error} />
    </div>
  );
}
