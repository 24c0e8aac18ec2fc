"use client";
// The way back from Stripe's checkout (`/plan?billing=success|cancelled`): says
// what happened. The tier itself follows the webhook, which may land a moment
// after the person does; until then the page says it is being confirmed. The
// upgrade is counted once: the address then reads `?billing=counted`, so a reload
// (or the back button) shows the same thanks without counting it again.
import type { Account } from "@notes/client";
import { useSearchParams } from "next/navigation";
import { useEffect } from "react";
import { useVault } from "../vault-context";

export function CheckoutReturn({ tier }: { tier: Account["tier"] }) {
  const { vault } = useVault();
  const outcome = useSearchParams().get("billing");
  const premium = tier !== "free";
  useEffect(() => {
    if (outcome !== "success" || !premium) return;
    vault.recordJourney("upgrade", "complete");
    history.replaceState(history.state, "", "/plan?billing=counted");
  }, [outcome, premium, vault]);
  if (outcome === "success" || outcome === "counted")
    return (
      <p className="notice" role="status">
        {premium
          ? "Thank you! Your payment went through and Premium is active."
          : "Thank you! Your payment is being confirmed; this page updates by itself."}
      </p>
    );
  if (outcome === "cancelled")
    return (
      <p className="notice" role="status">
        Checkout was cancelled. Nothing was charged.
      </p>
    );
  return null;
}
