// What the relay's modules share: the indexes, the settings, and a count of
// resyncs that lets an admission notice the event stream broke while it waited.
import type { Settings } from "./options";
import type { Registry } from "./registry";

export interface RelayContext {
  registry: Registry;
  settings: Settings;
  /** Incremented when a resync starts (see admission.ts). */
  resyncs: number;
}

/** Log fields for a failure from `access`, which may throw anything. */
export function failure(error: unknown): object {
  return { err: error instanceof Error ? error : String(error) };
}
