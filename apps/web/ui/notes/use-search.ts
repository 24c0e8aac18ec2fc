"use client";
// Results as you type: every change of the query goes to the background worker that
// holds the index; only the answer to the latest query is shown (an older one
// arriving late is dropped).
import { useEffect, useRef, useState } from "react";
import type { SearchHit } from "../../vault/search/search-index";
import type { Vault } from "../../vault/vault";

export interface Found {
  query: string;
  hits: SearchHit[];
  tookMs: number;
  /** The search could not run (no worker): the list falls back to titles and tags. */
  failed?: boolean;
}

export function useSearch(vault: Vault, query: string): Found | undefined {
  const [found, setFound] = useState<Found>();
  const latest = useRef(0);
  useEffect(() => {
    const ask = ++latest.current;
    if (!query.trim()) {
      setFound(undefined);
      return;
    }
    const started = performance.now();
    vault.search(query).then(
      ({ hits }) => {
        if (ask === latest.current) setFound({ query, hits, tookMs: performance.now() - started });
      },
      () => {
        if (ask === latest.current) setFound({ query, hits: [], tookMs: 0, failed: true });
      },
    );
  }, [vault, query]);
  return found;
}
