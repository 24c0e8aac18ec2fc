"use client";
// In the Trash: notes the server removed without their owner's word (issue 33, item 3).
// A tombstone no longer wipes a note from this device unless its owner signed the
// deletion; such a note waits here with why, to restore as a new note of one's own,
// download as Markdown, or discard.
import { markdownFileName } from "@notes/client";
import { useState } from "react";
import { useVault, useVaultState } from "../vault-context";
import { listDate } from "./note-date";
import { setAsideReason } from "./sync-words";

export function SetAsideList(props: { onOpen(id: string): void }) {
  const { vault } = useVault();
  const items = useVaultState((s) => s.setAside) ?? [];
  const [busy, setBusy] = useState<string>();
  if (items.length === 0) return null;
  const run = async (id: string, action: () => Promise<unknown>) => {
    setBusy(id);
    try {
      await action();
    } finally {
      setBusy(undefined);
    }
  };
  const download = (id: string) => {
    const file = vault.setAsideMarkdown(id);
    if (!file) return;
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([file.text], { type: "text/markdown" }));
    a.download = markdownFileName(file.fileTitle);
    a.click();
    URL.revokeObjectURL(a.href);
  };
  return (
    <section
      className="set-aside notice"
      aria-labelledby="set-aside-heading"
      data-testid="set-aside"
    >
      <h3 id="set-aside-heading">Removed by the server — not confirmed by the owner</h3>
      <p className="muted">
        These notes are still on this device. The server says they were deleted or that you lost
        access, without their owner's signature, so nothing was wiped.
      </p>
      <ul>
        {items.map((item) => (
          <li key={item.id} data-testid="set-aside-note">
            <strong>{item.title.trim() || "Untitled"}</strong>{" "}
            <time className="muted" dateTime={item.at}>
              {listDate(item.at)}
            </time>
            <p>{setAsideReason(item.reason)}</p>
            <span className="row">
              <button
                type="button"
                disabled={busy === item.id}
                onClick={() =>
                  void run(item.id, async () => {
                    const id = await vault.restoreSetAside(item.id);
                    if (id) props.onOpen(id);
                  })
                }
              >
                Restore as my note
              </button>
              <button type="button" className="secondary" onClick={() => download(item.id)}>
                Download
              </button>
              <button
                type="button"
                className="secondary"
                disabled={busy === item.id}
                onClick={() => void run(item.id, () => vault.discardSetAside(item.id))}
              >
                Discard
              </button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
