"use client";
// Settings in four groups (Account, Security, Data, Danger zone) with a navigation
// beside them; on a phone the navigation is a list and each group a screen of its own
// (settings.css, by the URL's #fragment, so back works).
import { type ReactNode, useEffect, useState } from "react";
import { LinkDeviceSection } from "../device-links/link-device-section";
import { LockSection } from "../lock/lock-section";
import { PasskeysSection } from "../passkeys/passkeys-section";
import { useVault, useVaultState } from "../vault-context";
import { AppearanceSection } from "./appearance-section";
import { DeleteAccountSection } from "./delete-account-section";
import { ImportSection } from "./import-section";
import { PasswordSection } from "./password-section";
import { ProfileSection } from "./profile-section";
import { RecoverySection } from "./recovery-section";
import { SessionsSection } from "./sessions-section";
import { StorageMeter } from "./storage-meter";

export function SettingsScreen() {
  const { vault } = useVault();
  // Fetched now, and again whenever the feed says it changed (usage, tier, profile).
  useEffect(() => vault.watchAccount(), [vault]);
  // A device linked from this screen joins the list of signed-in devices at once.
  const [linked, setLinked] = useState(0);
  const account = useVaultState((s) => s.account);
  if (!account) return null;
  return (
    <main className="settings">
      <h1>Settings</h1>
      <nav className="settings-nav" aria-label="Settings">
        {GROUPS.map(([id, name]) => (
          <a key={id} href={`#${id}`}>
            {name}
          </a>
        ))}
      </nav>
      <div className="settings-groups">
        <Group id="account">
          <ProfileSection account={account} />
          <StorageMeter account={account} />
          <AppearanceSection />
        </Group>
        <Group id="security">
          <PasswordSection />
          <LockSection />
          <RecoverySection />
          <PasskeysSection />
          <LinkDeviceSection onLinked={() => setLinked((n) => n + 1)} />
          <SessionsSection reloadWhen={linked} />
        </Group>
        <Group id="data">
          <ImportSection />
        </Group>
        <Group id="danger">
          <DeleteAccountSection />
        </Group>
      </div>
    </main>
  );
}

const GROUPS = [
  ["account", "Account"],
  ["security", "Security"],
  ["data", "Data"],
  ["danger", "Danger zone"],
] as const;

function Group({ id, children }: { id: (typeof GROUPS)[number][0]; children: ReactNode }) {
  const name = GROUPS.find(([key]) => key === id)?.[1];
  return (
    <section id={id} className="settings-group" aria-labelledby={`${id}-group-h`}>
      <a className="settings-back" href="#top">
        ← All settings
      </a>
      <h2 id={`${id}-group-h`}>{name}</h2>
      {children}
    </section>
  );
}
