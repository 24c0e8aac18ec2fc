"use client";
// What a person sees when the server gives a different sharing key for someone this
// device has seen before: nothing was shared; the old and new fingerprints; and only
// after comparing safety numbers, a way to trust the new key. Trusting it waits for the
// key-transparency log to prove the new key (up to 15 s while it waits for the next
// epoch), so the button says it is checking and takes no second click meanwhile.
import type { PublicKeyChanged } from "@notes/client";
import { useState } from "react";

export function KeyChangeNotice({
  change,
  onTrust,
}: {
  change: PublicKeyChanged;
  onTrust(): void | Promise<void>;
}) {
  const [checking, setChecking] = useState(false);
  const trust = async () => {
    setChecking(true);
    try {
      await onTrust();
    } finally {
      setChecking(false);
    }
  };
  return (
    <div className="notice key-change" data-testid="key-change">
      <p>
        <strong>This person's key changed.</strong> A key never changes on its own: either they made
        a new account under the same name, or the server is trying to read what you share. Ask them
        (in person or by a call) to open Share or People on any note and read you the digits under
        “Your key, to compare”: they must match the new key below.
      </p>
      <dl>
        <dt>Key seen before</dt>
        <dd className="digits">{change.pinnedFingerprint}</dd>
        <dt>Key the server gives now</dt>
        <dd className="digits">{change.newFingerprint}</dd>
      </dl>
      <button
        type="button"
        className="danger"
        disabled={checking}
        aria-busy={checking}
        onClick={() => void trust()}
      >
        {checking ? "Checking the public key log…" : "I compared it: trust the new key"}
      </button>
    </div>
  );
}
