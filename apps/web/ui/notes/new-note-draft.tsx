"use client";
// The pane while a new note is being made (sealed and stored: tens of milliseconds,
// more on a slow device). Its title field takes the keys a person types straight after
// "New note", so none of them is lost or read as a shortcut; the note's own pane then
// starts with that title, the caret where it was.
import { useLayoutEffect, useRef } from "react";

export function NewNoteDraft({ title, onTitle }: { title: string; onTitle(title: string): void }) {
  const input = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => input.current?.focus(), []);
  return (
    <article className="pane" aria-label="New note" aria-busy="true">
      {/* The note pane's head, inert until the note exists: nothing moves when it does. */}
      <div className="pane-head">
        <button type="button" className="secondary" disabled>
          Pin
        </button>
        <button type="button" className="secondary" disabled>
          Share
        </button>
        <button type="button" className="secondary" disabled>
          History
        </button>
      </div>
      <input
        id="note-title"
        className="note-title"
        ref={input}
        aria-label="Title"
        placeholder="Title"
        dir="auto"
        value={title}
        onChange={(e) => onTitle(e.target.value)}
      />
    </article>
  );
}
