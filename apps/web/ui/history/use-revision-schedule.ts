"use client";
// While a note is open in the pane its local edits count toward a revision; leaving
// it (another note, the list, sign-out) stores one when it was changed (premium).
import type { OpenNote } from "@notes/client";
import { useEffect } from "react";
import { useVault } from "../vault-context";

export function useRevisionSchedule(note: OpenNote | undefined): void {
  const { vault } = useVault();
  useEffect(() => {
    if (!note) return;
    vault.history.open(note);
    return () => void vault.history.close(note.id);
  }, [vault, note]);
}
