"use client";
// The owner's "add a person" line, as people know it from Google Docs: one field for
// a handle or a discoverable e-mail, the role beside it, and Add. The labels stay for
// screen readers (and the tests) but are not shown: the placeholder says what to type.
import { useId, useState } from "react";
import type { GuestRole } from "../../vault/note-sharing";
import { ActionForm } from "../field";

export function AddMemberForm({
  busy,
  onAdd,
}: {
  busy: boolean;
  /** Answers whether the person was added (the field is then cleared). */
  onAdd(identifier: string, role: GuestRole): Promise<boolean>;
}) {
  const [identifier, setIdentifier] = useState("");
  const [role, setRole] = useState<GuestRole>("editor");
  const fieldId = useId();
  const roleId = useId();
  const submit = async () => {
    if (!identifier.trim()) return;
    if (await onAdd(identifier, role)) setIdentifier("");
  };
  return (
    <ActionForm onSubmit={submit}>
      <div className="add-member">
        <label htmlFor={fieldId} className="visually-hidden">
          Handle or e-mail
        </label>
        <input
          id={fieldId}
          name="share-with"
          autoComplete="off"
          placeholder="Add people by handle or e-mail"
          // The dialog opens to add someone: Modal focuses this first.
          data-autofocus
          value={identifier}
          onChange={(e) => setIdentifier(e.target.value)}
        />
        <label htmlFor={roleId} className="visually-hidden">
          Role
        </label>
        <select
          id={roleId}
          value={role}
          title={role === "editor" ? "Can change the note" : "Can only read the note"}
          onChange={(e) => setRole(e.target.value as GuestRole)}
        >
          <option value="editor">Editor</option>
          <option value="viewer">Viewer</option>
        </select>
        <button type="submit" disabled={busy || !identifier.trim()}>
          Add
        </button>
      </div>
    </ActionForm>
  );
}
