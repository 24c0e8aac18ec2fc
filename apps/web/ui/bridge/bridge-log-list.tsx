"use client";
// The log, newest first. Older pages load as the end of the list scrolls into
// view (and by the button, for keyboards and screen readers). Words this member
// cannot open yet say so instead of vanishing. Each shows the author's own send time
// when it carries one (sealed and signed with the words), and a copy the server served
// again says so instead of passing for a new transmission (issue 33, item 11).
import type { BridgeEntry } from "@notes/client";
import { useEffect, useRef } from "react";
import { authorName, replayNote, sentTime, signatureNote } from "./author-name";

interface Props {
  entries: BridgeEntry[];
  ownId: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder(): Promise<void>;
}

export function BridgeLogList({ entries, ownId, hasOlder, loadingOlder, loadOlder }: Props) {
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const sentinel = end.current;
    if (!sentinel || !hasOlder) return;
    const observer = new IntersectionObserver((seen) => {
      if (seen.some((e) => e.isIntersecting)) void loadOlder();
    });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasOlder, loadOlder]);
  return (
    <section className="bridge-log" data-tour="bridge-log" aria-labelledby="bridge-log-h">
      <h2 id="bridge-log-h">Log</h2>
      {entries.length === 0 && <p className="muted">Nothing on the bridge yet.</p>}
      <ol aria-live="polite" aria-relevant="additions">
        {entries.map((entry) => (
          <li key={entry.seq} data-seq={entry.seq}>
            <p className="bridge-meta">
              <span>{authorName(entry, ownId)}</span> <SignatureBadge entry={entry} />
              <time dateTime={sentTime(entry)}>{new Date(sentTime(entry)).toLocaleString()}</time>
            </p>
            {entry.replayOf !== undefined ? (
              <p className="form-error" data-testid="bridge-replay">
                {replayNote(entry)}
              </p>
            ) : entry.text === undefined ? (
              <p className="muted">Sealed under a key you do not hold.</p>
            ) : (
              <p className="bridge-text">{entry.text}</p>
            )}
          </li>
        ))}
      </ol>
      <div ref={end} />
      {hasOlder && (
        <button
          type="button"
          className="secondary"
          disabled={loadingOlder}
          onClick={() => void loadOlder()}
        >
          {loadingOlder ? "Loading…" : "Load older"}
        </button>
      )}
    </section>
  );
}

function SignatureBadge({ entry }: { entry: BridgeEntry }) {
  const { text, warn } = signatureNote(entry);
  if (!text) return null;
  return (
    <span className={warn ? "form-error" : "muted"} data-testid="bridge-signature">
      ({text}){" "}
    </span>
  );
}
