"use client";
// What a person sees when the server gives a different sharing key for someone this
// device has seen before: nothing was shared; the old and new fingerprints; and only
// after comparing safety numbers, a way to trust the new key.
import type { PublicKeyChanged } from "@notes/client";

export function KeyChangeNotice({
  change,
  onTrust,
}: {
  change: PublicKeyChanged;
  onTrust(): void;
}) {
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
      <button type="button" className="danger" onClick={onTrust}>
        I compared it: trust the new key
      </button>
    </div>
  );
}
