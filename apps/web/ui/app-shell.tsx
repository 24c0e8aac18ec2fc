"use client";
import { Lock } from "lucide-react";
// The signed-in frame: header with navigation, sync status and sign-out; sends a
// signed-out visitor to the sign-in screen.
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { type ReactNode, useEffect } from "react";
import { PINS_WITHHELD } from "../vault/session-keeper";
import { LockScreen } from "./lock/lock-screen";
import { useIdleLock } from "./lock/use-idle-lock";
import { MainNav } from "./main-nav";
import { SyncStatus } from "./notes/sync-status";
import { PasskeyOffer } from "./passkeys/passkey-offer";
import { CLIENT_ERROR_TEXT, PROBLEM_TEXT } from "./problem-text";
import { useRecoveryReminder } from "./settings/use-recovery-reminder";
import { useVault, useVaultState } from "./vault-context";

export function AppShell({ children }: { children: ReactNode }) {
  const { vault } = useVault();
  const status = useVaultState((s) => s.status);
  const account = useVaultState((s) => s.account);
  const identifier = useVaultState((s) => s.identifier);
  const problem = useVaultState((s) => s.problem);
  const router = useRouter();
  const path = usePathname();
  const owesRecovery = useRecoveryReminder(account?.id);
  useIdleLock(status === "ready");
  useEffect(() => {
    // Come back here after signing in (e.g. the e-mail verification link).
    if (status === "signed-out")
      router.replace(`/signin?next=${encodeURIComponent(location.pathname + location.search)}`);
  }, [status, router]);
  if (status === "locked") return <LockScreen />;
  // After a reload the notes screen shows the list as this device saved it while the
  // session's stores are read ("opening", issue 35); the other screens wait for them.
  if (status !== "ready" && !(status === "opening" && path === "/notes")) return null;
  const signOut = async () => {
    // Read at the click, not subscribed to: the shell need not re-render per keystroke.
    const { pending, unsaved } = vault.getState();
    const unsent = pending > 0 || unsaved;
    if (unsent && !window.confirm("Some changes have not reached the server yet. Sign out anyway?"))
      return;
    await vault.signOut();
  };
  return (
    <div className="shell">
      <header className="topbar">
        {/* The mark only: the nav's own "Notes" link names the place (no "Notes Notes"). */}
        {/* biome-ignore lint/performance/noImgElement: a 28 px static SVG needs no optimiser */}
        <img src="/icon.svg" alt="" width={28} height={28} className="brand" />
        <MainNav />
        <SyncStatus />
        <span className="who">{account?.handle ?? identifier}</span>
        {vault.canLock() && (
          <button
            type="button"
            className="icon-button"
            aria-label="Lock now"
            title="Lock now: hide your notes until your password is typed"
            onClick={() => void vault.lock()}
          >
            <Lock aria-hidden="true" size={18} strokeWidth={2.25} />
          </button>
        )}
        {/* Not while "opening": the unsent changes it asks about are not counted yet. */}
        <button
          type="button"
          className="secondary"
          disabled={status !== "ready"}
          onClick={() => void signOut()}
        >
          Sign out
        </button>
      </header>
      {problem && (
        <p className="banner" role="alert">
          {PROBLEM_TEXT[problem.slug] ?? CLIENT_ERROR_TEXT[problem.slug] ?? problem.title}
          {problem.slug === PINS_WITHHELD && status === "ready" && (
            <button
              type="button"
              className="secondary"
              onClick={() => {
                vault.sharing().trustKeysAfresh();
                vault.clearProblem();
              }}
            >
              Trust keys afresh on this device
            </button>
          )}
        </p>
      )}
      {owesRecovery && path !== "/settings" && (
        <p className="banner reminder" role="status">
          You have not confirmed that you saved your recovery code.
          <Link href="/settings#recovery">Make a new recovery code</Link>
        </p>
      )}
      <PasskeyOffer />
      {children}
    </div>
  );
}
