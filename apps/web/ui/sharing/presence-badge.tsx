"use client";
// "2 here": how many browsers have this note open right now (the live room's count,
// this one included), shown once the room is connected.
import type { Presence } from "../../vault/live-note";

export function PresenceBadge({ presence }: { presence: Presence | undefined }) {
  const live = presence?.state === "live" && presence.peers > 0;
  return (
    <output className="presence" aria-live="polite" data-testid="presence">
      {live ? `${presence.peers} here` : ""}
    </output>
  );
}
