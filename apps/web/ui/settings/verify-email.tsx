"use client";
// The landing page of the verification mail's link: confirms the address for the
// signed-in account, once.
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { describeError } from "../problem-text";
import { useVault } from "../vault-context";

export function VerifyEmail() {
  const { vault } = useVault();
  const token = useSearchParams().get("token") ?? "";
  const [result, setResult] = useState<{ ok: boolean; text: string }>();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    vault
      .verifyEmail(token)
      .then((account) => setResult({ ok: true, text: `${account.email} is verified.` }))
      .catch((e) => setResult({ ok: false, text: describeError(e) }));
  }, [vault, token]);
  return (
    <main className="narrow">
      <h1>Verify your e-mail</h1>
      {!result && <p role="status">Checking the link…</p>}
      {result && <p role={result.ok ? "status" : "alert"}>{result.text}</p>}
      <p>
        <Link href="/settings">Back to settings</Link>
      </p>
    </main>
  );
}
