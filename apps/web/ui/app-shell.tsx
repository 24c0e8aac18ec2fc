"use client";
// The signed-in frame: header with navigation, sync status and sign-out; sends a
// signed-out visitor to the sign-in screen.
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { type ReactNode, useEffect } from "react";
import { SyncStatus } from "./notes/sync-status";
import { PROBLEM_TEXT } from "./problem-text";
import { useVault } from "./vault-context";

export function AppShell({ children }: { children: ReactNode }) {
  const { vault, state } = useVault();
  const router = useRouter();
  const path = usePathname();
  useEffect(() => {
    // Come back here after signing in (e.g. the e-mail verification link).
    if (state.status === "signed-out")
      router.replace(`/signin?next=${encodeURIComponent(location.pathname + location.search)}`);
  }, [state.status, router]);
  if (state.status !== "ready") return null;
  const signOut = async () => {
    const unsent = state.pending > 0 || state.unsaved;
    if (unsent && !window.confirm("Some changes have not reached the server yet. Sign out anyway?"))
      return;
    await vault.signOut();
  };
  return (
    <div className="shell">
      <header className="topbar">
        <Link href="/notes" className="brand">
          Notes
        </Link>
        <nav aria-label="Main">
          <Link href="/notes" aria-current={path === "/notes" ? "page" : undefined}>
            Notes
          </Link>
          <Link href="/bridge" aria-current={path === "/bridge" ? "page" : undefined}>
            Bridge
          </Link>
          <Link href="/settings" aria-current={path === "/settings" ? "page" : undefined}>
            Settings
          </Link>
        </nav>
        <SyncStatus />
        <span className="who">{state.account?.handle ?? state.identifier}</span>
        <button type="button" className="secondary" onClick={() => void signOut()}>
          Sign out
        </button>
      </header>
      {state.problem && (
        <p className="banner" role="alert">
          {PROBLEM_TEXT[state.problem.slug] ?? state.problem.title}
        </p>
      )}
      {children}
    </div>
  );
}
