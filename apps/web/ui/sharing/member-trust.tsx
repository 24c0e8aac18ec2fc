"use client";
// One person's verification, in the roster: "Verified" once the two of you compared
// your safety number, else "Not verified" and a way to compare it: the 60 digits both
// screens show when each holds the other's real key (read them to each other in person
// or on a call, not through this server), then "They match".
import {
  KeyTransparencyFailed,
  type Member,
  MemberKeyUnavailable,
  PublicKeyChanged,
} from "@notes/client";
import { useEffect, useState } from "react";
import { CLIENT_ERROR_TEXT } from "../problem-text";
import { useVault, useVaultState } from "../vault-context";
import { memberName } from "./member-name";

export function MemberTrust({ member, members }: { member: Member; members: readonly Member[] }) {
  const { vault } = useVault();
  const conflicts = useVaultState((s) => s.keyPinConflicts);
  const sharing = vault.sharing();
  const [verified, setVerified] = useState(() => sharing.verified(member.userId));
  const [digits, setDigits] = useState<string>();
  const [error, setError] = useState<string>();
  const name = memberName(member);
  // A comparison made on another of this account's devices arrives with its pins.
  useEffect(
    () => sharing.watchPins(() => setVerified(sharing.verified(member.userId))),
    [sharing, member.userId],
  );
  const conflict = conflicts?.includes(member.userId.toLowerCase()) === true;
  if (conflict)
    return (
      <span className="trust form-error" data-testid="pin-conflict">
        Your other device was given a different key for {name}. One of the two is not theirs:
        compare your safety number on each device before sharing anything more with them.
      </span>
    );
  if (verified)
    return (
      <span className="trust verified" data-testid="verified">
        ✓ Verified
      </span>
    );
  const compare = async () => {
    setError(undefined);
    try {
      setDigits(await sharing.safetyNumber(members, member.userId));
    } catch (failure) {
      setError(compareFailure(failure, name));
    }
  };
  const confirm = async () => {
    try {
      await sharing.markVerified(members, member.userId);
      setVerified(true);
    } catch (failure) {
      setError(compareFailure(failure, name));
      setDigits(undefined);
    }
  };
  // A first signing key for someone pinned without one (issue 33, item 9): not trusted
  // until the two compare over it.
  const pending = sharing.signingKeyPending(member.userId);
  return (
    <span className="trust">
      {pending ? (
        <span className="form-error" data-testid="signing-key-pending">
          The server now gives {name} a signing key this device has not seen. Until you compare your
          safety number with them, what it signs shows as not checked.
        </span>
      ) : (
        <span className="muted">Not verified</span>
      )}{" "}
      {!digits && (
        <button
          type="button"
          className="link"
          aria-label={`Compare safety number with ${name}`}
          onClick={() => void compare()}
        >
          Compare
        </button>
      )}
      {digits && (
        <span className="safety-number">
          <span className="muted">
            Read these to {name} (in person or on a call). They see the same digits under your name.
          </span>
          <span className="digits" data-testid="safety-number">
            {digits}
          </span>
          <button type="button" className="secondary" onClick={() => void confirm()}>
            They match: mark verified
          </button>
        </span>
      )}
      {error && <span className="form-error">{error}</span>}
    </span>
  );
}

/** Why Compare or "They match" did not go through, in words. */
function compareFailure(failure: unknown, name: string): string {
  if (failure instanceof PublicKeyChanged)
    return `The server now gives a different key for ${name} than the one this device pinned. Nothing was marked verified. Compare again, and share nothing more with them until the digits match.`;
  // The server keeps this account's pins from the device (issue 33, item 4).
  if (failure instanceof Error && failure.name.startsWith("KeyPins")) {
    const words = CLIENT_ERROR_TEXT[failure.name];
    if (words) return words;
  }
  if (failure instanceof KeyTransparencyFailed)
    return `The keys the server gives for ${name} are not the ones in the public key log (or the log could not be checked). Nothing was marked verified. Try again in a minute; if this stays, do not share with them until you have compared again.`;
  if (failure instanceof MemberKeyUnavailable)
    return `${name}'s key could not be found: they may have left, or no longer be found by this name.`;
  return `${name}'s key could not be fetched right now. Try again when you are online.`;
}
