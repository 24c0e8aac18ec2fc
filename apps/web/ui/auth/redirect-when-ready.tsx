"use client";
// Auth screens send a signed-in person on to their notes. The destination's code and
// payload are fetched while the person is still typing (every route is rendered per
// request for its CSP nonce, so Next would not prefetch it fully on its own): after
// "Sign in" only the account's own requests stand between the click and the list.
import type { PrefetchKind } from "next/dist/client/components/router-reducer/router-reducer-types";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { useVaultState } from "../vault-context";

const FULL = "full" as PrefetchKind;

export function useRedirectWhenReady(to = "/notes", when = true) {
  const status = useVaultState((s) => s.status);
  const router = useRouter();
  useEffect(() => {
    if (when) router.prefetch(to, { kind: FULL });
  }, [when, router, to]);
  useEffect(() => {
    if (when && status === "ready") router.replace(to);
  }, [when, status, router, to]);
}
