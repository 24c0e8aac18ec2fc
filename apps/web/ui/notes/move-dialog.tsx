"use client";
// "Move to notebook…" (issue 38): pick one of the notebooks the notes are in, no
// notebook, or name a new one ("Work / Projects" nests it). The choice is sealed into
// the note's metadata like its title; the server never learns a notebook's name. The
// keyboard's way to move a note; a pointer may also drag it onto a notebook in the
// sidebar (notebook-nav.tsx).
import { useMemo, useState } from "react";
import { notebookLabel, notebookPaths, parseNotebookPath } from "../../vault/notebooks";
import { Field } from "../field";
import { Modal } from "../modal";
import { useVault, useVaultState } from "../vault-context";
import { moveNoteTo } from "./move-note";

export function MoveDialog({ id, onClose }: { id: string; onClose(): void }) {
  const { vault } = useVault();
  const list = useVaultState((s) => s.list);
  const current = list.get(id)?.notebook;
  const paths = useMemo(() => notebookPaths(list.facets().notebooks), [list]);
  // The chosen path as JSON ("" for none): a name may hold any character.
  const [chosen, setChosen] = useState(current ? JSON.stringify(current) : "");
  const [typed, setTyped] = useState("");
  const move = async () => {
    const path =
      parseNotebookPath(typed) ?? (chosen ? (JSON.parse(chosen) as string[]) : undefined);
    await moveNoteTo(vault, id, path);
    onClose();
  };
  return (
    <Modal title="Move to notebook" onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void move();
        }}
      >
        <fieldset className="choices">
          <legend>Notebook</legend>
          <label className="check">
            <input
              type="radio"
              name="notebook"
              checked={chosen === ""}
              onChange={() => setChosen("")}
            />
            No notebook
          </label>
          {paths.map((path) => {
            const value = JSON.stringify(path);
            return (
              <label
                className="check"
                key={value}
                style={{ paddingInlineStart: `${path.length - 1}rem` }}
              >
                <input
                  type="radio"
                  name="notebook"
                  checked={chosen === value}
                  onChange={() => setChosen(value)}
                  aria-label={notebookLabel(path)}
                />
                <span dir="auto">{path.at(-1)}</span>
              </label>
            );
          })}
        </fieldset>
        <Field
          label="Or a new notebook"
          name="new-notebook"
          hint="A slash nests it: Work / Projects"
          value={typed}
          onChange={setTyped}
        />
        <div className="actions">
          <button type="submit" data-autofocus>
            Move
          </button>
          <button type="button" className="secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
