"use client";
// Auth screens send a signed-in person on to their notes.
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { useVault } from "../vault-context";

export function useRedirectWhenReady(to = "/notes", when = true) {
  const { state } = useVault();
  const router = useRouter();
  useEffect(() => {
    if (when && state.status === "ready") router.replace(to);
  }, [when, state.status, router, to]);
}
