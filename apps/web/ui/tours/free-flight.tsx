"use client";
// The notes-basics tour, offered on the notes screen to an account that has no
// notes yet. The offer steps aside once a note exists (someone who is already
// writing does not need it); a tour that has started plays to its end.
import { useVaultState } from "../vault-context";
import { Tour } from "./tour";
import { FREE_FLIGHT_TOUR } from "./tours";

export function FreeFlightTour() {
  const settled = useVaultState((s) => s.sync.firstDone);
  const listed = useVaultState((s) => s.list.size);
  if (!settled) return null;
  return <Tour definition={FREE_FLIGHT_TOUR} hidden={listed > 0} />;
}
