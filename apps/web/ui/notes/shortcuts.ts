"use client";
// Keyboard shortcuts of the notes screen. Single keys act only outside text fields,
// read-only ones included (typing at a note never triggers one); the Alt forms and
// Ctrl/⌘+K work everywhere.
import { useEffect, useRef } from "react";

export interface ShortcutActions {
  newNote(): void;
  search(): void;
  next(): void;
  previous(): void;
  help(): void;
}

export const SHORTCUTS: { keys: string[]; what: string }[] = [
  { keys: ["N", "Alt+N"], what: "New note" },
  { keys: ["/", "Ctrl+K"], what: "Search notes" },
  { keys: ["J", "Alt+↓"], what: "Next note" },
  { keys: ["K", "Alt+↑"], what: "Previous note" },
  { keys: ["?"], what: "Show these shortcuts" },
  { keys: ["Esc"], what: "Close this sheet, or leave the search" },
];

/** Which action a key press asks for, or undefined. */
export function shortcutFor(
  e: Pick<KeyboardEvent, "key" | "altKey" | "ctrlKey" | "metaKey">,
  inTextField: boolean,
): keyof ShortcutActions | undefined {
  const key = e.key.toLowerCase();
  if ((e.ctrlKey || e.metaKey) && !e.altKey && key === "k") return "search";
  if (e.altKey && !e.ctrlKey && !e.metaKey) {
    if (key === "n" || e.key === "ñ" || e.key === "˜") return "newNote";
    if (e.key === "ArrowDown") return "next";
    if (e.key === "ArrowUp") return "previous";
    return undefined;
  }
  if (inTextField || e.ctrlKey || e.metaKey || e.altKey) return undefined;
  if (key === "n") return "newNote";
  if (key === "/") return "search";
  if (key === "j") return "next";
  if (key === "k") return "previous";
  if (e.key === "?") return "help";
  return undefined;
}

export function useShortcuts(actions: ShortcutActions): void {
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing) return;
      const target = e.target as HTMLElement | null;
      // A read-only editor counts too: what is typed at it must not act elsewhere.
      const inTextField = !!target?.closest(
        'input, textarea, select, [contenteditable], [role="textbox"]',
      );
      // Inside an open dialog only the dialog's own keys count.
      if (target?.closest("dialog[open]")) return;
      const action = shortcutFor(e, inTextField);
      if (!action) return;
      e.preventDefault();
      latest.current[action]();
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, []);
}

/** The id after (or before) `current` in `ids`; the first (or last) when none is open. */
export function step(ids: readonly string[], current: string | undefined, by: 1 | -1) {
  if (ids.length === 0) return undefined;
  const at = current === undefined ? -1 : ids.indexOf(current);
  if (at < 0) return by === 1 ? ids[0] : ids[ids.length - 1];
  return ids[Math.min(ids.length - 1, Math.max(0, at + by))];
}
