"use client";
// Who has access to a note, owner first. The owner sees who added whom and may
// change a role or remove someone; everyone else sees the list only.
import type { Member } from "@notes/client";
import type { GuestRole } from "../../vault/note-sharing";
import { addedByName, memberName, roleLabel } from "./member-name";

export function RosterList({
  members,
  myId,
  manage,
  busy,
  onRole,
  onRemove,
}: {
  members: readonly Member[];
  myId: string | undefined;
  /** The owner's view: role pickers and remove buttons. */
  manage: boolean;
  busy: boolean;
  onRole(member: Member, role: GuestRole): void;
  onRemove(member: Member): void;
}) {
  return (
    <ul className="roster" aria-label="People with access">
      {members.map((m) => {
        const name = memberName(m);
        const by = manage ? addedByName(members, m, myId) : undefined;
        const guest = m.role === "editor" || m.role === "viewer";
        return (
          <li key={m.userId}>
            <span className="who">
              <strong>{name}</strong>
              {m.userId === myId && " (you)"}
              {by && <span className="muted"> · added by {by}</span>}
            </span>
            {manage && guest ? (
              <span className="row">
                <select
                  aria-label={`Role of ${name}`}
                  value={m.role}
                  disabled={busy}
                  onChange={(e) => onRole(m, e.target.value as GuestRole)}
                >
                  <option value="editor">Editor</option>
                  <option value="viewer">Viewer</option>
                </select>
                <button
                  type="button"
                  className="secondary"
                  aria-label={`Remove ${name}`}
                  disabled={busy}
                  onClick={() => onRemove(m)}
                >
                  Remove
                </button>
              </span>
            ) : (
              <span className="muted">{roleLabel(m.role)}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
