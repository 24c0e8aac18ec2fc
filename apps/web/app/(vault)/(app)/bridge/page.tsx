import type { Metadata } from "next";
import { BridgeScreen } from "../../../../ui/bridge/bridge-screen";

export const metadata: Metadata = { title: "Bridge — Notes" };

export default function BridgePage() {
  return <BridgeScreen />;
}
