import type { Metadata } from "next";
import { SettingsScreen } from "../../../../ui/settings/settings-screen";

export const metadata: Metadata = { title: "Settings — Notes" };

export default function SettingsPage() {
  return <SettingsScreen />;
}
