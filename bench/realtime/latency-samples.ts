// Delivery latencies of one measurement (ms), kept in a growable Float64Array so
// half a million samples cost no per-sample allocation. Percentiles count frames
// that never arrived as infinitely late, so losing frames fails a p99 bound.

export interface LatencySummary {
  expected: number;
  delivered: number;
  p50: number;
  p99: number;
}

export class LatencySamples {
  private values = new Float64Array(1 << 16);
  count = 0;

  add(ms: number): void {
    if (this.count === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.count++] = ms;
  }

  reset(): void {
    this.count = 0;
  }

  summary(expected: number): LatencySummary {
    const sorted = this.values.subarray(0, this.count).sort();
    const at = (p: number) => {
      const index = Math.floor((Math.max(expected, this.count) * p) / 100);
      return index < this.count ? (sorted[index] ?? Number.NaN) : Number.POSITIVE_INFINITY;
    };
    return { expected, delivered: this.count, p50: at(50), p99: at(99) };
  }
}

/** Resolves true once `check` holds (polled every few ms), false after `timeoutMs`. */
export async function waitFor(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return true;
}
