import type { Metadata } from "next";
import { JoinDeviceScreen } from "../../../ui/device-links/join-device-screen";

export const metadata: Metadata = { title: "Use another device — Notes" };

export default function LinkPage() {
  return <JoinDeviceScreen />;
}
