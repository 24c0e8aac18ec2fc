"use client";
// The new device's handshake: answer the code, show the confirmation code, poll for
// the seal, then claim it and start the vault with the keys it carried.
import { type DeviceLinkClaim, isProblem } from "@notes/client";
import { useCallback, useEffect, useRef, useState } from "react";
import { describeError } from "../problem-text";
import { useVault } from "../vault-context";

export type JoinPhase =
  | { name: "idle"; error?: string }
  | { name: "answering" }
  | { name: "waiting"; claim: DeviceLinkClaim }
  | { name: "unlocking" };

const POLL_MS = 1500;

export function useJoinDevice() {
  const { vault } = useVault();
  const [phase, setPhase] = useState<JoinPhase>({ name: "idle" });
  const busy = useRef(false);

  const fail = useCallback((error: unknown) => {
    const gone = isProblem(error, "no-such-handshake") || isProblem(error, "handshake-state");
    const message = gone
      ? "That link expired or another device answered it. Start a new link on your signed-in device."
      : describeError(error, "device-link");
    setPhase({ name: "idle", error: message });
  }, []);

  const join = useCallback(
    async (text: string) => {
      setPhase({ name: "answering" });
      try {
        const claim = await vault.deviceLinks.answer(text);
        setPhase({ name: "waiting", claim });
      } catch (error) {
        fail(error);
      }
    },
    [vault, fail],
  );

  useEffect(() => {
    if (phase.name !== "waiting") return;
    const { claim } = phase;
    const poll = async () => {
      if (busy.current) return;
      busy.current = true;
      try {
        const seal = await vault.deviceLinks.readSeal(claim);
        if (!seal) return;
        setPhase({ name: "unlocking" });
        await vault.deviceLinks.claim(claim, seal);
      } catch (error) {
        vault.deviceLinks.abandon();
        fail(error);
      } finally {
        busy.current = false;
      }
    };
    const timer = setInterval(() => void poll(), POLL_MS);
    return () => clearInterval(timer);
  }, [phase, vault, fail]);

  return { phase, join };
}
