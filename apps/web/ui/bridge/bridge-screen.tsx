"use client";
// The Bridge (premium): one shared log of sealed transmissions for every member.
// A free account sees what the bridge is and where to upgrade; a member sees the
// epoch state, the compose box and the log, newest first.
import Link from "next/link";
import { useEffect } from "react";
import { FormError } from "../form-error";
import { Tour } from "../tours/tour";
import { BRIDGE_TOUR } from "../tours/tours";
import { useVault, useVaultState } from "../vault-context";
import { BridgeCompose } from "./bridge-compose";
import { BridgeEpoch } from "./bridge-epoch";
import { BridgeLogList } from "./bridge-log-list";
import { useBridge } from "./use-bridge";

export function BridgeScreen() {
  const { vault } = useVault();
  // The tier can change while the page is open (a grant, a checkout, a lapse).
  useEffect(() => vault.watchAccount(), [vault]);
  const account = useVaultState((s) => s.account);
  const premium = account !== undefined && account.tier !== "free";
  const bridge = useBridge(premium);
  if (!account) return null;
  if (!premium)
    return (
      <main className="bridge">
        <h1>Bridge</h1>
        <section className="bridge-locked" data-tour="bridge-log">
          <p>
            The bridge is one shared, end-to-end encrypted channel for every premium member: short
            transmissions, sealed in your browser, readable only by members.
          </p>
          <p>
            Your account is on the free plan. <Link href="/plan">See the plans</Link> to join the
            bridge.
          </p>
        </section>
      </main>
    );
  const canSend = bridge.state?.kind === "ready" || bridge.state?.kind === "opened";
  return (
    <main className="bridge">
      <h1>Bridge</h1>
      <BridgeEpoch
        state={bridge.state}
        admitted={bridge.admitted}
        rotate={bridge.rotate}
        recheck={bridge.recheck}
        admit={bridge.admit}
      />
      <FormError message={bridge.error} />
      <BridgeCompose enabled={canSend} send={bridge.send} />
      <BridgeLogList
        entries={bridge.entries}
        ownId={account.id}
        hasOlder={bridge.hasOlder}
        loadingOlder={bridge.loadingOlder}
        loadOlder={bridge.loadOlder}
      />
      <Tour definition={BRIDGE_TOUR} />
    </main>
  );
}
