"use client";
// "Create a link" in the owner's share dialog (issue 37): anyone with the link reads the
// note without an account; the key is only in the link's part after #, which the server
// never receives. The owner chooses how long it lasts, how often it opens, a password,
// and whether it shows the note as it is now or follows later edits; below, the note's
// links, each with its views, copied again or revoked, and all revoked at once.
import type { ListedShareLink } from "@notes/client";
import { useCallback, useEffect, useId, useState } from "react";
import { ActionForm } from "../field";
import { FormError } from "../form-error";
import { useAction } from "../use-action";
import { useVault } from "../vault-context";
import { EXPIRY_CHOICES, linkSummary, madeOn } from "./link-terms";

export function ShareLinks({ noteId }: { noteId: string }) {
  const { vault } = useVault();
  const [links, setLinks] = useState<ListedShareLink[]>();
  const [made, setMade] = useState<string>();
  const [message, setMessage] = useState<string>();
  const act = useAction(
    useCallback(
      async (change: () => Promise<unknown>, done?: string) => {
        setMessage(undefined);
        await change();
        setLinks(await vault.links().list(noteId));
        setMessage(done);
      },
      [vault, noteId],
    ),
  );
  const { run } = act;
  useEffect(() => {
    void run(async () => {});
  }, [run]);
  const live = links?.filter((l) => l.state === "live") ?? [];
  return (
    <section className="share-links" aria-labelledby="share-links-title">
      <h3 id="share-links-title">Share with a link</h3>
      <p className="muted">
        Anyone with the link can read this note, without an account. The key is in the link itself
        (after #): the server never sees it.
      </p>
      <CreateLinkForm
        busy={act.busy}
        onCreate={(terms) =>
          void run(async () => {
            setMade(await vault.links().create(noteId, terms));
          }, "Link created. Copy it and send it.")
        }
      />
      {made && <CopyableLink url={made} label="New link" />}
      <FormError message={act.error} />
      {/* Announced, but not a second role=status: the dialog's own line keeps that. */}
      <p className="muted" aria-live="polite" data-testid="link-status">
        {message}
      </p>
      {links && links.length > 0 && (
        <>
          <h4 id="note-links-title">Links to this note</h4>
          <ul className="link-list" aria-labelledby="note-links-title">
            {links.map((link) => (
              <li key={link.id} data-state={link.state}>
                <div>
                  <span>{madeOn(link)}</span>
                  <small className="muted">{linkSummary(link)}</small>
                </div>
                {link.url && <CopyButton url={link.url} />}
                {link.state === "live" && (
                  <button
                    type="button"
                    className="secondary"
                    disabled={act.busy}
                    onClick={() =>
                      void run(() => vault.links().revoke(link.id), "The link no longer opens.")
                    }
                  >
                    Revoke
                  </button>
                )}
              </li>
            ))}
          </ul>
          {live.length > 1 && (
            <button
              type="button"
              className="secondary"
              disabled={act.busy}
              onClick={() =>
                void run(
                  () => vault.links().revokeAll(noteId),
                  "None of this note's links opens now.",
                )
              }
            >
              Revoke all links
            </button>
          )}
        </>
      )}
    </section>
  );
}

function CreateLinkForm({
  busy,
  onCreate,
}: {
  busy: boolean;
  onCreate(terms: {
    mode: "snapshot" | "follow";
    expiresIn?: number;
    maxViews?: number;
    password?: string;
  }): void;
}) {
  const [expiry, setExpiry] = useState<string>(String(7 * 24 * 3600));
  const [views, setViews] = useState("");
  const [password, setPassword] = useState("");
  const [mode, setMode] = useState<"snapshot" | "follow">("snapshot");
  const ids = { expiry: useId(), views: useId(), password: useId() };
  const maxViews = views.trim() === "" ? undefined : Number(views);
  const viewsValid = maxViews === undefined || (Number.isInteger(maxViews) && maxViews >= 1);
  return (
    <ActionForm
      noValidate
      onSubmit={() => {
        if (!viewsValid) return;
        onCreate({
          mode,
          ...(expiry !== "" && { expiresIn: Number(expiry) }),
          ...(maxViews !== undefined && { maxViews }),
          ...(password !== "" && { password }),
        });
        setPassword("");
      }}
    >
      <div className="link-terms">
        <label htmlFor={ids.expiry}>Expires after</label>
        <select id={ids.expiry} value={expiry} onChange={(e) => setExpiry(e.target.value)}>
          {EXPIRY_CHOICES.map((c) => (
            <option key={c.label} value={String(c.seconds)}>
              {c.label}
            </option>
          ))}
        </select>
        <label htmlFor={ids.views}>View limit</label>
        <input
          id={ids.views}
          inputMode="numeric"
          placeholder="No limit"
          value={views}
          aria-invalid={!viewsValid}
          onChange={(e) => setViews(e.target.value)}
        />
        <label htmlFor={ids.password}>Password</label>
        <input
          id={ids.password}
          type="password"
          autoComplete="new-password"
          placeholder="Optional"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      {!viewsValid && <p className="form-error">The view limit is a whole number, 1 or more.</p>}
      <fieldset className="link-mode">
        <legend>The link shows</legend>
        <label className="check">
          <input
            type="radio"
            name="link-mode"
            checked={mode === "snapshot"}
            onChange={() => setMode("snapshot")}
          />
          The note as it is now
        </label>
        <label className="check">
          <input
            type="radio"
            name="link-mode"
            checked={mode === "follow"}
            onChange={() => setMode("follow")}
          />
          Later edits too
        </label>
      </fieldset>
      <button type="submit" disabled={busy || !viewsValid}>
        Create a link
      </button>
    </ActionForm>
  );
}

function CopyableLink({ url, label }: { url: string; label: string }) {
  const id = useId();
  return (
    <div className="made-link">
      <label htmlFor={id}>{label}</label>
      <input id={id} readOnly value={url} onFocus={(e) => e.target.select()} />
      <CopyButton url={url} />
    </div>
  );
}

function CopyButton({ url }: { url: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="secondary"
      onClick={() =>
        void navigator.clipboard.writeText(url).then(
          () => setCopied(true),
          () => setCopied(false),
        )
      }
    >
      {copied ? "Copied" : "Copy link"}
    </button>
  );
}
