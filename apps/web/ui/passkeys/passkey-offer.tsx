"use client";
// After sign-in or sign-up the account is offered a passkey once: "Add a passkey",
// "Not now" (hidden for the rest of this tab) or "Never" (declined on the server,
// contract.md §11: offerEnrolment stays false).
import { webAuthnAvailable } from "@notes/client";
import { useEffect, useState } from "react";
import { addPasskey, declinePasskeyOffer, defaultPasskeyLabel } from "../../vault/passkeys";
import { FormError } from "../form-error";
import { useAction } from "../use-action";
import { useVault, useVaultState } from "../vault-context";

const NOT_NOW = "notes.passkeyOfferLater";

export function PasskeyOffer() {
  const { vault } = useVault();
  const account = useVaultState((s) => s.account);
  const [hidden, setHidden] = useState(true);
  const [done, setDone] = useState(false);
  const accountId = account?.id;
  useEffect(() => {
    setHidden(!webAuthnAvailable() || sessionStorage.getItem(NOT_NOW) === accountId);
  }, [accountId]);
  const add = useAction(async () => {
    await addPasskey(vault, defaultPasskeyLabel());
    setDone(true);
  });
  const never = useAction(() => declinePasskeyOffer(vault));
  if (done)
    return (
      <output className="offer">
        Passkey added. Next time, choose “Sign in with a passkey”.{" "}
        <button type="button" className="secondary" onClick={() => setDone(false)}>
          Close
        </button>
      </output>
    );
  if (hidden || !account?.passkeys.offerEnrolment) return null;
  const later = () => {
    if (accountId) sessionStorage.setItem(NOT_NOW, accountId);
    setHidden(true);
  };
  return (
    <section className="offer" aria-labelledby="passkey-offer-h">
      <h2 id="passkey-offer-h">Sign in faster with a passkey?</h2>
      <p>
        A passkey on this device unlocks your notes without your password. Your password keeps
        working.
      </p>
      <div className="actions">
        <button type="button" disabled={add.busy} onClick={() => void add.run()}>
          {add.busy ? "Waiting for your passkey…" : "Add a passkey"}
        </button>
        <button type="button" className="secondary" onClick={later}>
          Not now
        </button>
        <button
          type="button"
          className="secondary"
          disabled={never.busy}
          onClick={() => void never.run()}
        >
          Never
        </button>
      </div>
      <FormError message={add.error ?? never.error} />
    </section>
  );
}
