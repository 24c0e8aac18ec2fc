"use client";
// The organising flags of one open note, kept in its sealed metadata: pin, and
// the trash (restore, or delete for good: the real DELETE).
import { useState } from "react";
import { useVault } from "../vault-context";

function useFlags(id: string) {
  const { vault } = useVault();
  return (patch: { pinned?: boolean; trashedAt?: string | undefined }) => {
    const note = vault.note(id);
    if (!note) return;
    const next = { ...note.metadata, ...patch };
    // Absent, not false/undefined: a note without flags seals as it always did.
    if (!next.pinned) delete next.pinned;
    if (!next.trashedAt) delete next.trashedAt;
    vault.setMetadata(id, next);
  };
}

export function PinButton({ id, pinned }: { id: string; pinned: boolean }) {
  const setFlags = useFlags(id);
  return (
    <button
      type="button"
      className="secondary"
      aria-pressed={pinned}
      onClick={() => setFlags({ pinned: !pinned })}
    >
      {pinned ? "Pinned" : "Pin"}
    </button>
  );
}

export function TrashNotice(props: { id: string; owner: boolean; onDeleted(): void }) {
  const { vault } = useVault();
  const setFlags = useFlags(props.id);
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="notice trashed" data-testid="trashed">
      <p>
        <strong>In the trash</strong> — restore it to edit it again.
      </p>
      <div className="row">
        <button type="button" onClick={() => setFlags({ trashedAt: undefined })}>
          Restore
        </button>
        {props.owner &&
          (confirming ? (
            <>
              <span>Delete this note for good?</span>
              <button
                type="button"
                className="danger"
                onClick={() => {
                  void vault.deleteNote(props.id);
                  props.onDeleted();
                }}
              >
                Delete for good
              </button>
              <button type="button" className="secondary" onClick={() => setConfirming(false)}>
                Cancel
              </button>
            </>
          ) : (
            <button type="button" className="secondary" onClick={() => setConfirming(true)}>
              Delete for good…
            </button>
          ))}
      </div>
    </div>
  );
}
