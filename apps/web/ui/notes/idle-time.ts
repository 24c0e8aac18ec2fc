// Warm-up work on the notes screen (warm-editor.ts, warm-long-note.ts) runs in idle
// periods long enough to hold it, so it never becomes a late key or a long task.

/**
 * Runs `step` in an idle period with at least `idleMs` left of it (the browser's own
 * estimate), or once `waitMs` have passed without one when given (a page that paints
 * every frame never has a long idle period). Without requestIdleCallback (Safari), a
 * little after now.
 */
export function inIdleTime(step: () => void, idleMs: number, waitMs?: number): void {
  if (typeof requestIdleCallback !== "function") {
    setTimeout(step, 200);
    return;
  }
  const until = waitMs === undefined ? Number.POSITIVE_INFINITY : performance.now() + waitMs;
  const options = () =>
    waitMs === undefined ? undefined : { timeout: Math.max(0, until - performance.now()) };
  const attempt = (deadline: IdleDeadline) => {
    if (deadline.timeRemaining() >= idleMs || performance.now() >= until) step();
    else requestIdleCallback(attempt, options());
  };
  requestIdleCallback(attempt, options());
}
