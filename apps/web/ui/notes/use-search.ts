"use client";
// Results as you type: every change of the query goes to the background worker that
// holds the index; only the answer to the latest query is shown (an older one
// arriving late is dropped). While a query stands, a change of the index (a note
// synced or edited after it was typed) asks it again, at most every REASK_MS: the
// results never stay behind the notes.
import { useEffect, useRef, useState } from "react";
import type { SearchHit } from "../../vault/search/search-index";
import type { Vault } from "../../vault/vault";

export interface Found {
  query: string;
  hits: SearchHit[];
  /** Every note that matched (the worker sends the best only), and whether that is a floor. */
  total: number;
  capped: boolean;
  tookMs: number;
  /** The search could not run (no worker): the list falls back to titles and tags. */
  failed?: boolean;
}

/**
 * The least time between two re-asks: a first sync of 100,000 notes changes the index
 * 500 times (a batch of 200 at a time); each re-ask is one worker query (≤ 50 ms at
 * 100,000 notes, issue 35), so this keeps it under a tenth of the worker's time.
 */
const REASK_MS = 500;

export function useSearch(vault: Vault, query: string): Found | undefined {
  const [found, setFound] = useState<Found>();
  const [indexed, setIndexed] = useState(0);
  const latest = useRef(0);
  const searching = query.trim() !== "";

  useEffect(() => {
    if (!searching) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = vault.onSearchIndexed(() => {
      timer ??= setTimeout(() => {
        timer = undefined;
        setIndexed((n) => n + 1);
      }, REASK_MS);
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [vault, searching]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `indexed` only re-asks.
  useEffect(() => {
    const ask = ++latest.current;
    if (!query.trim()) {
      setFound(undefined);
      return;
    }
    const started = performance.now();
    vault.search(query).then(
      ({ hits, total, capped }) => {
        if (ask === latest.current)
          setFound({ query, hits, total, capped, tookMs: performance.now() - started });
      },
      () => {
        if (ask === latest.current)
          setFound({ query, hits: [], total: 0, capped: false, tookMs: 0, failed: true });
      },
    );
  }, [vault, query, indexed]);
  return found;
}
