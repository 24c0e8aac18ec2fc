"use client";
// The owner's "add a person" form: a handle or a discoverable e-mail, and a role.
import { useId, useState } from "react";
import type { GuestRole } from "../../vault/note-sharing";
import { ActionForm, Field } from "../field";

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
  const roleId = useId();
  const submit = async () => {
    if (!identifier.trim()) return;
    if (await onAdd(identifier, role)) setIdentifier("");
  };
  return (
    <ActionForm onSubmit={submit}>
      <div className="add-member">
        <Field
          label="Handle or e-mail"
          name="share-with"
          autoComplete="off"
          // The dialog opens to add someone: Modal focuses this first.
          data-autofocus
          value={identifier}
          onChange={setIdentifier}
        />
        {/* Not wrapped in its label: the name would then include the chosen option. */}
        <span className="field">
          <label htmlFor={roleId}>Role</label>
          <select id={roleId} value={role} onChange={(e) => setRole(e.target.value as GuestRole)}>
            <option value="editor">Editor (can change it)</option>
            <option value="viewer">Viewer (can only read it)</option>
          </select>
        </span>
        <button type="submit" disabled={busy || !identifier.trim()}>
          Add
        </button>
      </div>
    </ActionForm>
  );
}
