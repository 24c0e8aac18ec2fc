"use client";
// The signed-in device's handshake as a small state machine: open → waiting (poll) →
// found (the claimer proved it read the code) → the person confirms → sealed (poll)
// → done; or expired / failed.
import { isProblem, type OpenedDeviceLink } from "@notes/client";
import { useCallback, useEffect, useRef, useState } from "react";
import { describeError } from "../problem-text";
import { useVault } from "../vault-context";

export type LinkPhase =
  | { name: "idle" }
  | { name: "waiting"; link: OpenedDeviceLink }
  | {
      name: "found";
      link: OpenedDeviceLink;
      claimerPubKey: Uint8Array;
      fingerprint: string;
      claimerLabel?: string;
    }
  | { name: "sealed"; link: OpenedDeviceLink }
  | { name: "done" }
  | { name: "expired" }
  | { name: "failed"; message: string };

const POLL_MS = 1500;

export function useLinkNewDevice() {
  const { vault } = useVault();
  const [phase, setPhase] = useState<LinkPhase>({ name: "idle" });
  const busy = useRef(false);

  const fail = useCallback((error: unknown) => {
    const gone = isProblem(error, "no-such-handshake") || isProblem(error, "handshake-state");
    setPhase(gone ? { name: "expired" } : { name: "failed", message: describeError(error) });
  }, []);

  const start = useCallback(async () => {
    try {
      setPhase({ name: "waiting", link: await vault.deviceLinks.open() });
    } catch (error) {
      fail(error);
    }
  }, [vault, fail]);

  const confirm = useCallback(async () => {
    if (phase.name !== "found") return;
    try {
      await vault.deviceLinks.seal(phase.link, phase.claimerPubKey);
      setPhase({ name: "sealed", link: phase.link });
    } catch (error) {
      fail(error);
    }
  }, [vault, phase, fail]);

  const cancel = useCallback(() => setPhase({ name: "idle" }), []);

  useEffect(() => {
    if (phase.name !== "waiting" && phase.name !== "sealed") return;
    const { link } = phase;
    const poll = async () => {
      if (busy.current) return;
      busy.current = true;
      try {
        if (Date.parse(link.expiresAt) <= Date.now()) return setPhase({ name: "expired" });
        const progress = await vault.deviceLinks.read(link);
        if (progress.status === "offered" && phase.name === "waiting")
          setPhase({ name: "found", link, ...progress });
        if (progress.status === "claimed") setPhase({ name: "done" });
      } catch (error) {
        fail(error);
      } finally {
        busy.current = false;
      }
    };
    const timer = setInterval(() => void poll(), POLL_MS);
    return () => clearInterval(timer);
  }, [phase, vault, fail]);

  return { phase, start, confirm, cancel };
}
