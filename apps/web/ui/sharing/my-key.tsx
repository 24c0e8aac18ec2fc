"use client";
// This account's key fingerprint, for the people it shares with to compare: if the
// digits they see for you match these, the server has not put its own key between you.
import { useEffect, useState } from "react";
import { useVault } from "../vault-context";

export function MyKey() {
  const { vault } = useVault();
  const [digits, setDigits] = useState<string>();
  useEffect(() => {
    void vault
      .sharing()
      .myFingerprint()
      .then(setDigits)
      .catch(() => undefined);
  }, [vault]);
  if (!digits) return null;
  return (
    <details className="my-key">
      <summary>Your key, to compare</summary>
      <p className="digits" data-testid="my-key">
        {digits}
      </p>
      <p className="muted">
        Someone you share with sees these digits for you. Read them to each other (in person or by a
        call): if they match, nobody is reading along.
      </p>
    </details>
  );
}
