import { beforeEach, describe, expect, it } from "vitest";
import {
  confirmRecoverySaved,
  markRecoveryUnconfirmed,
  recoveryUnconfirmed,
  watchRecoveryReminder,
} from "./recovery-reminder";

class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem = (k: string) => this.items.get(k) ?? null;
  setItem = (k: string, v: string) => void this.items.set(k, v);
  removeItem = (k: string) => void this.items.delete(k);
}

describe("recovery reminder", () => {
  beforeEach(() => {
    Object.defineProperty(globalThis, "localStorage", {
      value: new MemoryStorage(),
      configurable: true,
    });
  });

  it("stays until the person confirms, per account, and tells watchers", () => {
    let calls = 0;
    const stop = watchRecoveryReminder(() => calls++);
    expect(recoveryUnconfirmed("a")).toBe(false);
    markRecoveryUnconfirmed("a");
    expect(recoveryUnconfirmed("a")).toBe(true);
    expect(recoveryUnconfirmed("b")).toBe(false);
    confirmRecoverySaved("a");
    expect(recoveryUnconfirmed("a")).toBe(false);
    expect(calls).toBe(2);
    stop();
    markRecoveryUnconfirmed("a");
    expect(calls).toBe(2);
  });
});
