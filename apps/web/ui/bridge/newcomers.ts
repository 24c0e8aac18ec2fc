// How the Bridge names the people its key goes to (issue 33, item 2): those this device
// handed it unasked (members it vouches for), those the person let in, and those who wait
// because the server lists them and nobody here vouches for them. Being listed by the
// server lets nobody in: the person decides, by name.
import type { BridgeNewcomer } from "@notes/client";

export function newcomerName(newcomer: BridgeNewcomer): string {
  return newcomer.handle ?? `Member ${newcomer.userId.slice(0, 8)}`;
}

const names = (people: readonly BridgeNewcomer[]) => people.map(newcomerName).join(", ");

/** The line naming who got the key just now, or "" when nobody did. */
export function handedText(
  welcomed: readonly BridgeNewcomer[],
  admitted: readonly BridgeNewcomer[],
) {
  const lines = [];
  if (admitted.length > 0) lines.push(`You let in ${names(admitted)}.`);
  if (welcomed.length > 0)
    lines.push(
      `Handed the key to ${names(welcomed)}: members you let in or compared numbers with.`,
    );
  return lines.join(" ");
}

/** The heading over those waiting, or "" when nobody waits. */
export function waitingText(waiting: readonly BridgeNewcomer[]): string {
  if (waiting.length === 0) return "";
  const who = waiting.length === 1 ? "1 account waits" : `${waiting.length} accounts wait`;
  return `${who} for the key. The server lists them as members; let in only people you know.`;
}

export const letInLabel = (newcomer: BridgeNewcomer) => `Let in ${newcomerName(newcomer)}`;
