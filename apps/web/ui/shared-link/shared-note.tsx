"use client";
// Reading a share link in the browser (docs/client-crypto.md, "Share links", reading):
// the key is taken from the address's fragment once and the fragment is removed from
// the address bar at once (history.replaceState: no reload, nothing sent), so it is
// not left in the history, a screenshot or a copied address. The page asks the server
// whether the link serves and needs a password, opens it with the derived access key,
// and shows the note only when it opens and the owner's signature checks out. An ended
// link, a wrong password and refused content each get a page of their own. When the
// server already said the link ended (the page came as a 410 or 404), that page is
// shown at once and nothing is asked. The note's images (issue 37) are fetched through
// the link after it opens, opened here with the file keys sealed in its content, and
// drawn from blob: URLs; until then, or if one is refused, its name stands in.
import {
  type ApiClient,
  createApiClient,
  downloadSharedImage,
  isProblem,
  type OpenedShareLink,
  openShareLink,
  probeShareLink,
  readShareLinkUrl,
  renderSharedText,
  type ShareLinkProbe,
} from "@notes/client";
import { useEffect, useId, useRef, useState } from "react";
import { describeError } from "../problem-text";
import { SharedBy } from "./shared-by";

type View =
  | { kind: "loading" }
  | { kind: "password"; probe: ShareLinkProbe; wrong: boolean }
  | { kind: "note"; opened: OpenedShareLink }
  | { kind: "ended"; heading: string; text: string }
  | { kind: "refused"; text: string };

const ENDED: Record<string, { heading: string; text: string }> = {
  "link-expired": {
    heading: "This link has expired",
    text: "Its owner gave it a time limit, and that time has passed. Ask them for a new link.",
  },
  "link-used-up": {
    heading: "This link has been used up",
    text: "It has been opened as many times as its owner allowed. Ask them for a new link.",
  },
  "link-revoked": {
    heading: "This link was taken back",
    text: "Its owner revoked it (or deleted the note). Ask them if you still need it.",
  },
  "link-not-found": {
    heading: "There is no such link",
    text: "Check that the whole link was copied, or ask its owner for it again.",
  },
};

/** `ended`: the problem slug the server answered the page with, if the link does not serve. */
export function SharedNote({ id, ended }: { id: string; ended?: string | undefined }) {
  const [view, setView] = useState<View>(() => {
    const page = ended === undefined ? undefined : ENDED[ended];
    return page ? { kind: "ended", ...page } : { kind: "loading" };
  });
  const key = useRef<Uint8Array>(undefined);
  // Made in the browser only (the page also renders on the server, without a location).
  const api = useRef<ApiClient>(undefined);
  const client = () => {
    api.current ??= createApiClient({ baseUrl: window.location.origin });
    return api.current;
  };

  const fail = (error: unknown) => {
    for (const [slug, page] of Object.entries(ENDED))
      if (isProblem(error, slug)) return setView({ kind: "ended", ...page });
    setView({ kind: "refused", text: describeError(error) });
  };

  const open = async (password?: string, probe?: ShareLinkProbe) => {
    const linkKey = key.current;
    if (!linkKey) return;
    try {
      const opened = await openShareLink(client(), {
        id,
        linkKey,
        ...(password !== undefined && { password, kdfIterations: probe?.kdfIterations }),
      });
      setView({ kind: "note", opened });
    } catch (error) {
      if (probe && isProblem(error, "link-access-refused"))
        return setView({ kind: "password", probe, wrong: true });
      fail(error);
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: read the fragment once, on arrival.
  useEffect(() => {
    // Read once: a second run of this effect (React's development checks) finds the
    // fragment already gone and keeps the key it read.
    if (view.kind === "ended") {
      // Nothing to open: the key is not even read, only taken out of the address bar.
      history.replaceState(history.state, "", window.location.pathname);
      return;
    }
    if (!key.current) {
      try {
        key.current = readShareLinkUrl(`/s/${id}${window.location.hash}`).linkKey;
      } catch (error) {
        fail(error);
        return;
      } finally {
        // The key is in memory now; the address bar keeps only the link's id.
        history.replaceState(history.state, "", window.location.pathname);
      }
    }
    void probeShareLink(client(), id).then((probe) => {
      if (probe.passwordRequired) setView({ kind: "password", probe, wrong: false });
      else void open();
    }, fail);
  }, [id]);

  return (
    <main className="shared-note">
      {view.kind === "loading" && <p className="muted">Opening the shared note…</p>}
      {view.kind === "password" && (
        <PasswordForm
          wrong={view.wrong}
          onSubmit={(password) => {
            setView({ kind: "loading" });
            void open(password, view.probe);
          }}
        />
      )}
      {view.kind === "note" && <Note opened={view.opened} api={client()} />}
      {view.kind === "ended" && (
        <section className="shared-ended">
          <h1>{view.heading}</h1>
          <p className="muted">{view.text}</p>
        </section>
      )}
      {view.kind === "refused" && (
        <section className="shared-ended" role="alert">
          <h1>This note cannot be shown</h1>
          <p className="muted">{view.text}</p>
        </section>
      )}
    </main>
  );
}

function Note({ opened, api }: { opened: OpenedShareLink; api: ApiClient }) {
  const { content } = opened;
  const images = useSharedImages(api, opened);
  return (
    <article>
      <h1>{content.title || "Untitled"}</h1>
      <SharedBy opened={opened} />
      <div
        className="shared-text"
        // Markdown rendered by markdown-it with raw HTML as text and images only from the
        // blob: URLs made here (render-shared-text.ts); the page's CSP runs no inline
        // script either way.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped Markdown, blob: images only.
        dangerouslySetInnerHTML={{ __html: renderSharedText(content.text, images) }}
      />
    </article>
  );
}

/** The link's images as blob: URLs, by attachment id, as each arrives and checks out. */
function useSharedImages(api: ApiClient, opened: OpenedShareLink): ReadonlyMap<string, string> {
  const [urls, setUrls] = useState<ReadonlyMap<string, string>>(() => new Map());
  useEffect(() => {
    let live = true;
    const made: string[] = [];
    for (const image of opened.content.images ?? []) {
      void downloadSharedImage(api, opened, image.id).then(
        ({ bytes, metadata }) => {
          if (!live) return;
          const url = URL.createObjectURL(new Blob([bytes.slice()], { type: metadata.type }));
          made.push(url);
          setUrls((before) => new Map(before).set(image.id, url));
        },
        // Refused or gone: its name stays in its place.
        () => undefined,
      );
    }
    return () => {
      live = false;
      for (const url of made) URL.revokeObjectURL(url);
    };
  }, [api, opened]);
  return urls;
}

function PasswordForm({ wrong, onSubmit }: { wrong: boolean; onSubmit(password: string): void }) {
  const [password, setPassword] = useState("");
  const id = useId();
  return (
    <section className="shared-ended">
      <h1>This note needs a password</h1>
      <p className="muted">Its owner protected the link with a password. Ask them for it.</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (password) onSubmit(password);
        }}
      >
        <label htmlFor={id}>Password</label>
        <input
          id={id}
          type="password"
          autoComplete="off"
          // biome-ignore lint/a11y/noAutofocus: the page has nothing else to do.
          autoFocus
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <button type="submit" disabled={!password}>
          Open
        </button>
      </form>
      {wrong && (
        <p className="form-error" role="alert">
          That password is not right.
        </p>
      )}
    </section>
  );
}
