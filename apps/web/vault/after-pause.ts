// Work that must not land between two keystrokes: sealing a list snapshot or the
// seen states of 10,000 notes is 10–20 ms on the main thread, which shows as a late
// key (bench:web's work per keystroke p99). It waits until the person has paused
// (no key or click for a while) and then for the tab's next idle moment; an idle
// callback alone would not do, since the gaps between keys are idle time. When the
// tab is hidden it runs at once: the page may not get another chance.

/** Then, at the tab's next idle moment (or after this long at the latest). */
const IDLE_TIMEOUT_MS = 2_000;

export function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === "function")
    requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  else run();
}

/** The longest afterNextPaint waits: a hidden tab paints no frame. */
const PAINT_WAIT_MS = 100;

/** Once the next frame is painted (or PAINT_WAIT_MS at most): work that must not delay it. */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame !== "function") return resolve();
    const latest = setTimeout(resolve, PAINT_WAIT_MS);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(latest);
        resolve();
      }, 0),
    );
  });
}

export function onTabHidden(hidden: () => void): () => void {
  if (typeof document === "undefined") return () => undefined;
  const changed = () => {
    if (document.visibilityState === "hidden") hidden();
  };
  document.addEventListener("visibilitychange", changed);
  return () => document.removeEventListener("visibilitychange", changed);
}

let lastInput = 0;
if (typeof addEventListener === "function") {
  const seen = () => {
    lastInput = performance.now();
  };
  addEventListener("keydown", seen, { capture: true, passive: true });
  addEventListener("pointerdown", seen, { capture: true, passive: true });
}

/** When the person last pressed a key or a pointer here (performance.now(); 0: never). */
export const lastInputAt = () => lastInput;

export interface PausedTask {
  /** Something changed: run once the person has paused for `quietMs`, then idle. */
  schedule(): void;
  stop(): void;
}

/** Runs `run` after changes, never while the person is typing (see above). */
export function afterPause(
  run: () => void,
  quietMs: number,
  lastInputTime: () => number = lastInputAt,
  onHidden: (hidden: () => void) => () => void = onTabHidden,
): PausedTask {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending = false;
  const fire = () => {
    if (!pending) return;
    pending = false;
    run();
  };
  const wait = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      const input = lastInputTime();
      const typedAgo = performance.now() - input;
      if (input > 0 && typedAgo < quietMs) return wait(quietMs - typedAgo);
      whenIdle(fire);
    }, ms);
  };
  const stopHidden = onHidden(() => {
    clearTimeout(timer);
    fire();
  });
  return {
    schedule() {
      pending = true;
      wait(quietMs);
    },
    stop() {
      pending = false;
      clearTimeout(timer);
      stopHidden();
    },
  };
}
