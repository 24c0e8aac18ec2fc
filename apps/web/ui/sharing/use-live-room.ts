"use client";
// While a note is open: its Yjs awareness for the editor (cursors; the vault keeps one
// per note, so the editor has it from its first render) and — when the note is
// shared — its live room, joined on open and left on close. Presence ("2 here", live
// or not) comes from the room.
import { useEffect, useState, useSyncExternalStore } from "react";
import type { Awareness } from "y-protocols/awareness";
import type { LiveNote, Presence } from "../../vault/live-note";
import { useVault, useVaultState } from "../vault-context";
import { presenceUser } from "./presence-user";

const noRoom = (): Presence | undefined => undefined;
const noSubscription = () => () => undefined;

export function useLiveRoom(
  id: string,
  shared: boolean,
): { awareness: Awareness | undefined; presence: Presence | undefined } {
  const { vault } = useVault();
  const account = useVaultState((s) => s.account);
  const awareness = vault.awareness(id);
  const [room, setRoom] = useState<LiveNote>();
  const { name, color } = presenceUser(account);
  useEffect(() => {
    awareness?.setLocalStateField("user", { name, color });
  }, [awareness, name, color]);
  useEffect(() => {
    if (!awareness || !shared) return;
    const joined = vault.joinRoom(id, awareness);
    setRoom(joined);
    return () => {
      joined?.leave();
      setRoom(undefined);
    };
  }, [vault, id, awareness, shared]);
  const presence = useSyncExternalStore(
    room?.subscribe ?? noSubscription,
    room?.getPresence ?? noRoom,
    noRoom,
  );
  return { awareness, presence };
}
