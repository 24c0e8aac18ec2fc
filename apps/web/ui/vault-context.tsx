"use client";
// Opens the browser vault once per tab and hands it, with its live state, to every
// screen below. Nothing here renders before the vault has read the session from IndexedDB.
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
} from "react";
import { Vault } from "../vault/vault";
import { initialState, type VaultState } from "../vault/vault-state";

const VaultContext = createContext<Vault | undefined>(undefined);
// Begun when this module is first run in the browser, before React hydrates the page:
// IndexedDB is opened and the session read while the page's components mount (issue
// 35), not after. Only the vault's routes import this module.
let opening: Promise<Vault> | undefined =
  typeof window === "undefined" ? undefined : Vault.open(window.location.origin);

export function VaultProvider({ children }: { children: ReactNode }) {
  const [vault, setVault] = useState<Vault>();
  useEffect(() => {
    opening ??= Vault.open(window.location.origin);
    opening.then(setVault);
    // The notes screen's code (its editor's too) is evaluated while the vault reads
    // IndexedDB, instead of in the task that first shows the list after a reload
    // (~80 ms at 10,000 notes, issue 35).
    void import("./notes/notes-screen").catch(() => undefined);
    // The offline shell (shell/sw.js, served as /sw.js); dev builds change too often to cache.
    // biome-ignore lint/style/noProcessEnv: NODE_ENV is replaced at build time by Next, not read at run time
    if (process.env.NODE_ENV === "production") navigator.serviceWorker?.register("/sw.js");
  }, []);
  if (!vault)
    return (
      <p className="loading" role="status">
        Opening your vault…
      </p>
    );
  return <VaultContext.Provider value={vault}>{children}</VaultContext.Provider>;
}

/**
 * The tab's vault, without subscribing to its state: a component that shows part of
 * the state reads it with `useVaultState`, so it re-renders when that part changes and
 * not on every change (a keystroke flips `unsaved`; a sync page replaces `notes`).
 */
export function useVault(): { vault: Vault } {
  const vault = useContext(VaultContext);
  if (!vault) throw new Error("useVault outside VaultProvider");
  return { vault };
}

/**
 * One part of the vault's state, re-rendering only when that part changes (compared
 * with Object.is). `select` must return a primitive or an object held in the state
 * (`s => s.account`), never a new one, or every change would look like a change.
 */
export function useVaultState<T>(select: (state: VaultState) => T): T {
  const { vault } = useVault();
  return useSyncExternalStore(
    vault.subscribe,
    () => select(vault.getState()),
    () => select(initialState),
  );
}
