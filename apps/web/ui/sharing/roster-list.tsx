"use client";
// Who has access to a note, owner first: each person's initial, name, who added them
// (for the owner) and whether you verified them; on the right their role. The owner
// may change a guest's role or remove them; everyone else sees the list only.
import type { Member } from "@notes/client";
import { X } from "lucide-react";
import type { GuestRole } from "../../vault/note-sharing";
import { addedByName, memberName, roleLabel } from "./member-name";
import { MemberTrust } from "./member-trust";

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
            <span className="avatar" aria-hidden="true">
              {name.slice(0, 1).toUpperCase()}
            </span>
            <span className="who">
              <span className="name">
                <strong>{name}</strong>
                {m.userId === myId && " (you)"}
              </span>
              {by && <span className="muted by">Added by {by}</span>}
              {m.userId !== myId && <MemberTrust member={m} members={members} />}
            </span>
            {manage && guest ? (
              <span className="role">
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
                  className="icon-button"
                  aria-label={`Remove ${name}`}
                  title={`Remove ${name}`}
                  disabled={busy}
                  onClick={() => onRemove(m)}
                >
                  <X size={18} aria-hidden="true" />
                </button>
              </span>
            ) : (
              <span className="muted role">{roleLabel(m.role)}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
