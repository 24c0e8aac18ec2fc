"use client";
// Storage used against the tier's ceiling.
import type { Account } from "@notes/client";
import { plural } from "../wording";

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ["KiB", "MiB", "GiB", "TiB"];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(v < 10 ? 1 : 0)} ${units[i]}`;
}

export function StorageMeter({ account }: { account: Account }) {
  const { accountBytes, maxAccountBytes, noteCount } = account.usage;
  return (
    <section aria-labelledby="storage-h">
      <h3 id="storage-h">Storage</h3>
      <meter
        aria-labelledby="storage-h"
        min={0}
        max={maxAccountBytes}
        value={accountBytes}
        high={maxAccountBytes * 0.9}
      />
      <p>
        {formatBytes(accountBytes)} of {formatBytes(maxAccountBytes)} used by{" "}
        {plural(noteCount, "note")} — {account.tier} plan.
      </p>
    </section>
  );
}
