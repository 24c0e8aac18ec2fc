// Whether this device may pin someone on first sight yet (issue 33, item 4). A new
// device whose pins the server withholds would otherwise start trust on first use over,
// even for people another device verified by safety number: the server answers its own
// key at the first look-up, and the device pins it. So a store whose pins live on the
// server is armed (requireKeyPinsRead): until syncKeyPins has read them once, a first
// sight waits for that read (running it if nobody is), and after a read that found them
// withheld it is refused (KeyPinsWithheld) until a later read finds them, or the person
// decides to trust keys afresh here. Keys already pinned pass as before.
// The state lives beside the store (a WeakMap), so any KeyPins implementation takes part.
import { KeyPinsNotRead, KeyPinsWithheld } from "../errors";
import type { KeyPins } from "./key-pins";

/**
 * "unguarded": pins are taken on first sight (a store nobody armed: a new account's, a
 * test's); "unread": armed, not read yet; "read": read from the server; "withheld": the
 * last read found pins kept from this device.
 */
export type KeyPinsStatus = "unguarded" | "unread" | "read" | "withheld";

interface Gate {
  status: KeyPinsStatus;
  /** Runs the first read when a first sight finds none running. */
  read?: () => Promise<unknown>;
  running?: Promise<unknown>;
  listeners: Set<(status: KeyPinsStatus) => void>;
}

const gates = new WeakMap<KeyPins, Gate>();

function gateOf(pins: KeyPins): Gate {
  let gate = gates.get(pins);
  if (!gate) {
    gate = { status: "unguarded", listeners: new Set() };
    gates.set(pins, gate);
  }
  return gate;
}

function setStatus(gate: Gate, status: KeyPinsStatus): void {
  if (gate.status === status) return;
  gate.status = status;
  for (const listener of gate.listeners) listener(status);
}

export function keyPinsStatus(pins: KeyPins): KeyPinsStatus {
  return gates.get(pins)?.status ?? "unguarded";
}

/**
 * Arms `pins`: no first-sight pin until they were read from the server. `read` is how
 * to read them (syncKeyPins with this device's client); it runs when a first sight
 * finds no read under way. A store already read stays read.
 */
export function requireKeyPinsRead(pins: KeyPins, read: () => Promise<unknown>): void {
  const gate = gateOf(pins);
  gate.read = read;
  if (gate.status === "unguarded") setStatus(gate, "unread");
}

/**
 * The person chose to trust keys as first seen on this device although the server keeps
 * the account's pins from it (e.g. an account whose devices never synced pins). From
 * here a first sight pins again, until a read finds pins withheld once more.
 */
export function trustKeysAfresh(pins: KeyPins): void {
  setStatus(gateOf(pins), "read");
}

/** Hears every change of status (the web app's notice); answers an unsubscribe function. */
export function onKeyPinsStatus(
  pins: KeyPins,
  listener: (status: KeyPinsStatus) => void,
): () => void {
  const gate = gateOf(pins);
  gate.listeners.add(listener);
  return () => gate.listeners.delete(listener);
}

/** syncKeyPins: `read` is under way; first sights wait for it. */
export function readingKeyPins<T>(pins: KeyPins, read: Promise<T>): Promise<T> {
  const gate = gateOf(pins);
  const running = read.then(
    () => undefined,
    () => undefined,
  );
  gate.running = running;
  void running.then(() => {
    if (gate.running === running) gate.running = undefined;
  });
  return read;
}

/** syncKeyPins: what the read found. */
export function keyPinsRead(pins: KeyPins, withheld: boolean): void {
  setStatus(gateOf(pins), withheld ? "withheld" : "read");
}

/** Whether a first sight must wait (or is refused): checked before awaiting anything. */
export function firstSightGated(pins: KeyPins): boolean {
  const status = gates.get(pins)?.status;
  return status === "unread" || status === "withheld";
}

/**
 * Before pinning `userId` on first sight: resolves when the device may, throws
 * KeyPinsNotRead when its pins could not be read, KeyPinsWithheld when the server
 * withholds them.
 */
export async function allowFirstSight(pins: KeyPins, userId: string): Promise<void> {
  const gate = gates.get(pins);
  if (!gate || gate.status === "unguarded" || gate.status === "read") return;
  if (gate.status === "unread") {
    let failure: unknown;
    try {
      await (gate.running ?? gate.read?.());
    } catch (error) {
      failure = error;
    }
    if (gate.status === "unread")
      throw new KeyPinsNotRead(userId.toLowerCase(), { cause: failure });
  }
  if (gate.status === "withheld") throw new KeyPinsWithheld(userId.toLowerCase());
}
