"use client";
// Settings: the account's passkeys (label, created, last used), newest first, each
// with delete, and a form to add one on this device.
import { webAuthnAvailable } from "@notes/client";
import { useCallback, useEffect, useState } from "react";
import {
  addPasskey,
  defaultPasskeyLabel,
  listPasskeys,
  type Passkey,
  removePasskey,
} from "../../vault/passkeys";
import { ActionForm, Field } from "../field";
import { FormError } from "../form-error";
import { describeError } from "../problem-text";
import { useAction } from "../use-action";
import { useVault } from "../vault-context";

const when = (iso: string) => new Date(iso).toLocaleString();

export function PasskeysSection() {
  const { vault } = useVault();
  const [passkeys, setPasskeys] = useState<Passkey[]>();
  const [listError, setListError] = useState<string>();
  const [label, setLabel] = useState("");
  const [available, setAvailable] = useState(true);
  const load = useCallback(
    () =>
      listPasskeys(vault)
        .then(setPasskeys)
        .catch((e) => setListError(describeError(e))),
    [vault],
  );
  useEffect(() => {
    setAvailable(webAuthnAvailable());
    setLabel(defaultPasskeyLabel());
    void load();
  }, [load]);
  const add = useAction(async () => {
    await addPasskey(vault, label.trim() || defaultPasskeyLabel());
    await load();
  });
  const remove = useAction(async (id: string) => {
    await removePasskey(vault, id);
    await load();
  });
  return (
    <section aria-labelledby="passkeys-h">
      <h3 id="passkeys-h">Passkeys</h3>
      <p className="muted">
        A passkey unlocks your notes without your password, on the device that holds it.
      </p>
      {listError && <p role="alert">{listError}</p>}
      {passkeys?.length === 0 && <p className="muted">No passkeys yet.</p>}
      <ul className="sessions" aria-label="Your passkeys">
        {passkeys?.map((p) => (
          <li key={p.id}>
            <span>
              <strong>{p.label}</strong> — added {when(p.createdAt)};{" "}
              {p.lastUsedAt ? `last used ${when(p.lastUsedAt)}` : "not used yet"}
            </span>
            <button
              type="button"
              className="secondary"
              aria-label={`Delete passkey ${p.label}`}
              disabled={remove.busy}
              onClick={() => void remove.run(p.id)}
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
      <FormError message={remove.error} />
      {available ? (
        <ActionForm onSubmit={add.run}>
          <Field
            label="Name for a new passkey"
            name="passkey-label"
            maxLength={100}
            required
            value={label}
            onChange={setLabel}
          />
          <FormError message={add.error} />
          <button type="submit" disabled={add.busy}>
            {add.busy ? "Waiting for your passkey…" : "Add a passkey"}
          </button>
        </ActionForm>
      ) : (
        <p className="muted">This browser cannot create passkeys.</p>
      )}
    </section>
  );
}
