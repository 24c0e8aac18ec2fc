"use client";
// The Bridge page's state: this member's BridgeLog, the handshake, the log's
// transmissions (newest first, one per seq), older pages on demand, and live
// arrivals from the change feed. Transmissions are kept sealed and opened on
// render, so a key that arrives later (a newcomer's wrap, a rotation) opens the
// words already on screen; they are opened together, so a copy the server serves
// again is marked whichever arrives first. Letting a newcomer in is the person's act.
import type {
  BridgeEntry,
  BridgeLog,
  BridgeNewcomer,
  BridgeState,
  Transmission,
} from "@notes/client";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { describeError } from "../problem-text";
import { useVault } from "../vault-context";

/** While waiting for a key, and to welcome newcomers, the handshake runs this often. */
const HANDSHAKE_EVERY_MS = 15_000;

export interface BridgeView {
  state: BridgeState | undefined;
  /** Let in by the person in this tab, newest last. */
  admitted: BridgeNewcomer[];
  entries: BridgeEntry[];
  hasOlder: boolean;
  loadingOlder: boolean;
  error: string | undefined;
  loadOlder(): Promise<void>;
  send(text: string): Promise<void>;
  rotate(): Promise<void>;
  recheck(): Promise<void>;
  admit(userId: string): Promise<void>;
}

function merge(into: Transmission[], more: Transmission[]): Transmission[] {
  const bySeq = new Map(into.map((t) => [t.seq, t]));
  for (const t of more) bySeq.set(t.seq, t);
  return [...bySeq.values()].sort((a, b) => b.seq - a.seq);
}

export function useBridge(enabled: boolean): BridgeView {
  const { vault } = useVault();
  const log = useRef<BridgeLog | undefined>(undefined);
  const [state, setState] = useState<BridgeState>();
  const [admitted, setAdmitted] = useState<BridgeNewcomer[]>([]);
  const [sealed, setSealed] = useState<Transmission[]>([]);
  const [nextToken, setNextToken] = useState<string | undefined>(undefined);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [error, setError] = useState<string>();
  const [keysVersion, setKeysVersion] = useState(0);

  const handshake = useCallback(async () => {
    const bridge = log.current;
    if (!bridge) return;
    try {
      setState(await bridge.handshake());
      setKeysVersion((v) => v + 1);
    } catch (e) {
      setError(describeError(e));
    }
  }, []);

  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    void (async () => {
      const bridge = await vault.bridge.open();
      if (stopped) return;
      log.current = bridge;
      await handshake();
      try {
        const first = await vault.bridge.messages();
        if (stopped) return;
        setSealed((s) => merge(s, first.messages));
        setNextToken(first.nextPageToken);
      } catch (e) {
        setError(describeError(e));
      }
    })();
    const stopListening = vault.bridge.feed.listen((message) => {
      const entry = log.current?.openFrame(message);
      if (!entry) return;
      setSealed((s) => merge(s, [message as Transmission]));
      // Words under an epoch this member does not hold yet: a rotation or a wrap
      // may have arrived meanwhile.
      if (entry.text === undefined) void handshake();
    });
    const timer = setInterval(() => void handshake(), HANDSHAKE_EVERY_MS);
    return () => {
      stopped = true;
      stopListening();
      clearInterval(timer);
    };
  }, [enabled, vault, handshake]);

  const entries = useMemo(() => {
    void keysVersion;
    const bridge = log.current;
    return bridge ? bridge.openAll(sealed) : [];
  }, [sealed, keysVersion]);

  const loadOlder = useCallback(async () => {
    if (!nextToken || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const page = await vault.bridge.messages(nextToken);
      setSealed((s) => merge(s, page.messages));
      setNextToken(page.nextPageToken);
    } catch (e) {
      setError(describeError(e));
    } finally {
      setLoadingOlder(false);
    }
  }, [vault, nextToken, loadingOlder]);

  const send = useCallback(async (text: string) => {
    const bridge = log.current;
    if (!bridge) return;
    const sent = await bridge.send(text);
    setSealed((s) => merge(s, [sent]));
  }, []);

  const rotate = useCallback(async () => {
    const bridge = log.current;
    if (!bridge) return;
    await bridge.rotate();
    await handshake();
  }, [handshake]);

  const admit = useCallback(
    async (userId: string) => {
      const bridge = log.current;
      if (!bridge) return;
      const newcomer = await bridge.admit(userId);
      setAdmitted((a) => [...a.filter((n) => n.userId !== newcomer.userId), newcomer]);
      await handshake();
    },
    [handshake],
  );

  return {
    state,
    admitted,
    entries,
    hasOlder: Boolean(nextToken),
    loadingOlder,
    error,
    loadOlder,
    send,
    rotate,
    recheck: handshake,
    admit,
  };
}
