"use client";
import { useEffect } from "react";
import { LinkDeviceSection } from "../device-links/link-device-section";
import { PasskeysSection } from "../passkeys/passkeys-section";
import { useVault } from "../vault-context";
import { DeleteAccountSection } from "./delete-account-section";
import { ImportSection } from "./import-section";
import { PasswordSection } from "./password-section";
import { ProfileSection } from "./profile-section";
import { RecoverySection } from "./recovery-section";
import { SessionsSection } from "./sessions-section";
import { StorageMeter } from "./storage-meter";

export function SettingsScreen() {
  const { vault, state } = useVault();
  // Fetched now, and again whenever the feed says it changed (usage, tier, profile).
  useEffect(() => vault.watchAccount(), [vault]);
  const account = state.account;
  if (!account) return null;
  return (
    <main className="settings">
      <h1>Settings</h1>
      <ProfileSection account={account} />
      <StorageMeter account={account} />
      <PasswordSection />
      <RecoverySection />
      <PasskeysSection />
      <LinkDeviceSection />
      <SessionsSection />
      <ImportSection />
      <DeleteAccountSection />
    </main>
  );
}
