import type { ReactNode } from "react";
import { VaultProvider } from "../../ui/vault-context";

export default function VaultLayout({ children }: { children: ReactNode }) {
  return <VaultProvider>{children}</VaultProvider>;
}
