"use client";
// Tags as removable chips; Enter or comma adds the typed tag. Read-only for viewers.
import { useState } from "react";

export function TagInput({
  tags,
  onChange,
  readOnly = false,
}: {
  tags: string[];
  onChange(tags: string[]): void;
  readOnly?: boolean;
}) {
  const [draft, setDraft] = useState("");
  const add = () => {
    const tag = draft.trim().replace(/^#/, "");
    setDraft("");
    if (tag && !tags.includes(tag)) onChange([...tags, tag]);
  };
  return (
    <div className="tag-input">
      {tags.map((t) => (
        <span className="chip" key={t}>
          #{t}
          {!readOnly && (
            <button
              type="button"
              aria-label={`Remove tag ${t}`}
              onClick={() => onChange(tags.filter((x) => x !== t))}
            >
              ×
            </button>
          )}
        </span>
      ))}
      {readOnly ? null : (
        <input
          aria-label="Add tag"
          placeholder="Add tag"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" || e.key === ",") {
              e.preventDefault();
              add();
            }
          }}
          onBlur={add}
        />
      )}
    </div>
  );
}
