"use client";
// The organising flags of one open note, kept in its sealed metadata: pin, and
// the trash (restore, or delete for good: the real DELETE).
import { Pin } from "lucide-react";
import { useState } from "react";
import { useVault } from "../vault-context";

function useFlags(id: string) {
  const { vault } = useVault();
  return async (patch: { pinned?: boolean; trashedAt?: string | undefined }) => {
    // A list row's note may not be open yet: open it (from the cache) first.
    const note = vault.note(id) ?? (await vault.openNote(id));
    if (!note) return;
    const next = { ...note.metadata, ...patch };
    // Absent, not false/undefined: a note without flags seals as it always did.
    if (!next.pinned) delete next.pinned;
    if (!next.trashedAt) delete next.trashedAt;
    vault.setMetadata(id, next);
  };
}

/** A toggle: its name stays "Pin", aria-pressed says whether the note is pinned. */
export function PinButton({ id, pinned }: { id: string; pinned: boolean }) {
  const setFlags = useFlags(id);
  return (
    <button
      type="button"
      className="icon-button"
      aria-label="Pin"
      aria-pressed={pinned}
      title={pinned ? "Pinned to the top: click to unpin" : "Pin to the top of the list"}
      onClick={() => void setFlags({ pinned: !pinned })}
    >
      <Pin aria-hidden="true" size={18} strokeWidth={2.25} />
    </button>
  );
}

/**
 * The same toggle on a list row, shown while the row is hovered or holds the focus.
 * Its name is "Pin to top" in every row (the row around it says which note): a name
 * holding the note's title would make "Untitled" answer to a search for "Title".
 */
export function RowPinButton({
  id,
  title,
  pinned,
}: {
  id: string;
  title: string;
  pinned: boolean;
}) {
  const setFlags = useFlags(id);
  const shown = title || "Untitled";
  return (
    <button
      type="button"
      className="icon-button row-pin"
      aria-label="Pin to top"
      aria-pressed={pinned}
      title={pinned ? `Unpin “${shown}”` : `Pin “${shown}” to the top`}
      onClick={() => void setFlags({ pinned: !pinned })}
    >
      <Pin aria-hidden="true" size={16} strokeWidth={2.25} />
    </button>
  );
}

export function TrashNotice(props: {
  id: string;
  owner: boolean;
  /** Owners and editors may restore; a viewer only reads. */
  canRestore: boolean;
  onDeleted(): void;
}) {
  const { vault } = useVault();
  const setFlags = useFlags(props.id);
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="notice trashed" data-testid="trashed">
      <p>
        <strong>In the trash</strong> —{" "}
        {props.canRestore
          ? "restore it to edit it again."
          : "you can read it; only the people who can edit it can restore it."}
      </p>
      <div className="row">
        {props.canRestore && (
          <button type="button" onClick={() => void setFlags({ trashedAt: undefined })}>
            Restore
          </button>
        )}
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
