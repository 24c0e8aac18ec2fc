// What a member's device remembers of the bridge (issue 33, items 1, 2 and 5): the
// server's word cannot make it forget. The current epoch only moves up (by number, then
// epochId: a total order, so two rotations racing to the same number settle the same way
// on every device); the epochs it took from someone it vouches for are trusted; the
// accounts it vouches for are handed the key unasked; and the accounts it saw sign are
// expected to sign (a transmission of theirs without a signature was stripped).
// MemoryBridgeMemory lives as long as the object; an app keeps `toJSON()` across
// restarts (the web app seals it under the master key) and restores it with `from`.

export interface NumberedEpoch {
  epochId: string;
  /** The epoch counter of docs/client-crypto.md "Signed bridge key handouts". */
  number: number;
}

export interface BridgeMemoryJson {
  version: 1;
  current?: NumberedEpoch;
  trusted: string[];
  vouched: string[];
  signers: string[];
}

export interface BridgeMemory {
  /** The highest epoch this device adopted or made; undefined on a fresh device. */
  current(): NumberedEpoch | undefined;
  /** Takes `epoch` as current (and trusts it) when it is above the current one. */
  adopt(epoch: NumberedEpoch): boolean;
  isTrusted(epochId: string): boolean;
  isVouched(userId: string): boolean;
  /** This device hands the bridge key to `userId` without asking from now on. */
  vouch(userId: string): void;
  isSigner(userId: string): boolean;
  addSigner(userId: string): void;
  toJSON(): BridgeMemoryJson;
}

/** Whether `a` comes after `b`: a higher number, or the same number and a later epochId. */
export function isAbove(a: NumberedEpoch, b: NumberedEpoch | undefined): boolean {
  if (!b) return true;
  return a.number > b.number || (a.number === b.number && a.epochId > b.epochId);
}

export class MemoryBridgeMemory implements BridgeMemory {
  private top: NumberedEpoch | undefined;
  private readonly trusted = new Set<string>();
  private readonly vouched = new Set<string>();
  private readonly signers = new Set<string>();
  private readonly listeners = new Set<() => void>();

  /** Restores what `toJSON` wrote; members of another shape are left out, not trusted. */
  static from(json: unknown): MemoryBridgeMemory {
    const memory = new MemoryBridgeMemory();
    const read = (json ?? {}) as Partial<Record<keyof BridgeMemoryJson, unknown>>;
    const current = read.current as Partial<NumberedEpoch> | undefined;
    if (typeof current?.epochId === "string" && Number.isSafeInteger(current.number))
      memory.top = { epochId: current.epochId, number: current.number as number };
    const ids = (value: unknown) =>
      Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
    for (const id of ids(read.trusted)) memory.trusted.add(id);
    for (const id of ids(read.vouched)) memory.vouched.add(id.toLowerCase());
    for (const id of ids(read.signers)) memory.signers.add(id.toLowerCase());
    if (memory.top) memory.trusted.add(memory.top.epochId);
    return memory;
  }

  current(): NumberedEpoch | undefined {
    return this.top && { ...this.top };
  }

  adopt(epoch: NumberedEpoch): boolean {
    if (!isAbove(epoch, this.top)) return false;
    this.top = { epochId: epoch.epochId, number: epoch.number };
    this.trusted.add(epoch.epochId);
    this.changed();
    return true;
  }

  isTrusted(epochId: string): boolean {
    return this.trusted.has(epochId);
  }

  isVouched(userId: string): boolean {
    return this.vouched.has(userId.toLowerCase());
  }

  vouch(userId: string): void {
    this.add(this.vouched, userId.toLowerCase());
  }

  isSigner(userId: string): boolean {
    return this.signers.has(userId.toLowerCase());
  }

  addSigner(userId: string): void {
    this.add(this.signers, userId.toLowerCase());
  }

  toJSON(): BridgeMemoryJson {
    return {
      version: 1,
      ...(this.top && { current: { ...this.top } }),
      trusted: [...this.trusted].sort(),
      vouched: [...this.vouched].sort(),
      signers: [...this.signers].sort(),
    };
  }

  /** Hears every change (the hook to persist); answers an unsubscribe function. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private add(set: Set<string>, value: string): void {
    if (set.has(value)) return;
    set.add(value);
    this.changed();
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
