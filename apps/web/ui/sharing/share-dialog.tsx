"use client";
// The share dialog of one note. The owner adds people by handle or e-mail as editor
// or viewer, changes roles and removes people (removal rotates the note's key; the
// SDK does it without asking); other members see who has access, read-only.
import { type Member, PublicKeyChanged } from "@notes/client";
import { useCallback, useEffect, useState } from "react";
import type { GuestRole } from "../../vault/note-sharing";
import { FormError } from "../form-error";
import { Modal } from "../modal";
import { describeError } from "../problem-text";
import { useAction } from "../use-action";
import { useVault, useVaultState } from "../vault-context";
import { AddMemberForm } from "./add-member-form";
import { KeyChangeNotice } from "./key-change-notice";
import { memberName } from "./member-name";
import { MyKey } from "./my-key";
import { RosterList } from "./roster-list";
import { ShareLinks } from "./share-links";
import { UnsignedMembers } from "./unsigned-members";

export function ShareDialog({
  id,
  title,
  owner,
  onClose,
  onLeft,
}: {
  id: string;
  title: string;
  owner: boolean;
  onClose(): void;
  /** This account left the note (a member, not the owner). */
  onLeft?(): void;
}) {
  const { vault } = useVault();
  const myId = useVaultState((s) => s.account?.id);
  const [members, setMembers] = useState<Member[]>();
  const [message, setMessage] = useState<string>();
  /** The server answered a different key for someone pinned: sharing waits for a yes. */
  const [keyChange, setKeyChange] = useState<{ change: PublicKeyChanged; retry(): void }>();
  const act = useAction(
    useCallback(async (change: () => Promise<Member[]>, done?: string) => {
      setMessage(undefined);
      setMembers(await change());
      setMessage(done);
    }, []),
  );
  const { run } = act;
  useEffect(() => {
    void run(() => vault.sharing().members(id));
  }, [run, vault, id]);
  const sharing = () => vault.sharing();
  const add = async (identifier: string, role: GuestRole): Promise<boolean> => {
    let added = false;
    setKeyChange(undefined);
    const change = async () => {
      try {
        const roster = await sharing().add(id, identifier, role);
        added = true;
        return roster;
      } catch (error) {
        if (error instanceof PublicKeyChanged)
          setKeyChange({ change: error, retry: () => void add(identifier, role) });
        throw error;
      }
    };
    await run(change, `Added ${identifier.trim()}.`);
    return added;
  };
  return (
    <Modal title={`${owner ? "Share" : "People on"} “${title || "Untitled"}”`} onClose={onClose}>
      {owner ? (
        <AddMemberForm busy={act.busy} onAdd={add} />
      ) : (
        <p className="muted">Only the note's owner can change who has access.</p>
      )}
      <FormError message={act.error} />
      {keyChange && (
        <KeyChangeNotice
          change={keyChange.change}
          onTrust={async () => {
            // Taken only once the key-transparency log proves the new key (issue 34).
            try {
              await sharing().trustNewKey(keyChange.change);
            } catch (error) {
              act.setError(describeError(error));
              return;
            }
            keyChange.retry();
          }}
        />
      )}
      <h3>People with access</h3>
      {members ? (
        <RosterList
          members={members}
          myId={myId}
          manage={owner}
          busy={act.busy}
          onRole={(m, role) =>
            void run(
              () => sharing().setRole(id, m.userId, role),
              `${memberName(m)} is now ${role === "editor" ? "an editor" : "a viewer"}.`,
            )
          }
          onRemove={(m) =>
            void run(() => sharing().remove(id, m.userId), `${memberName(m)} was removed.`)
          }
        />
      ) : (
        <p className="muted">{act.error ? "" : "Loading…"}</p>
      )}
      {members && <UnsignedMembers outside={sharing().outsideSigned(id)} owner={owner} />}
      <p role="status" className="muted">
        {message}
      </p>
      {owner && <ShareLinks noteId={id} />}
      <MyKey />
      {!owner && members && (
        <div className="row">
          <button
            type="button"
            className="secondary"
            disabled={act.busy}
            onClick={() =>
              void run(async () => {
                await sharing().leave(id);
                onLeft?.();
                return [];
              })
            }
          >
            Leave this note
          </button>
          <span className="muted">It leaves your list; the others keep it.</span>
        </div>
      )}
    </Modal>
  );
}
