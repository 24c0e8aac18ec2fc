"use client";
// Opens the browser vault once per tab and hands it, with its live state, to every
// screen below. Nothing here renders before the vault has read IndexedDB.
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
let opening: Promise<Vault> | undefined;

export function VaultProvider({ children }: { children: ReactNode }) {
  const [vault, setVault] = useState<Vault>();
  useEffect(() => {
    opening ??= Vault.open(window.location.origin);
    opening.then(setVault);
    // The offline shell (public/sw.js); dev builds change too often to cache.
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

export function useVault(): { vault: Vault; state: VaultState } {
  const vault = useContext(VaultContext);
  if (!vault) throw new Error("useVault outside VaultProvider");
  const state = useSyncExternalStore(vault.subscribe, vault.getState, () => initialState);
  return { vault, state };
}
