// Wraps opened ahead of the code that needs their keys (issue 35). A page of the change
// feed names up to 500 wraps; each opening is an X25519 multiplication (~0.1 ms in
// libsodium's WebAssembly), and a first sync of 100,000 notes made them all on the
// page's main thread, twice. openWrapsAhead opens a page's wraps before the page is
// applied: with the session's own opener (the web app's worker, Session.wrapOpener),
// else with WebCrypto's X25519 (Node runs it on its thread pool; Chromium on the
// calling thread, at about a third of libsodium's cost). openWrap, the one way this
// package opens a wrap under the session's keypair, answers from those openings, else
// opens with libsodium as before. An opening made ahead gives the same bytes
// (packages/crypto/src/sealed-cek-subtle.ts); a wrap it could not open is opened, and
// refused, by libsodium. Openings are held only until their caller releases them, and
// only for the keypair's lifetime.
import {
  CEK_BYTES,
  openSealedCek,
  type SharingKeyPair,
  type Sodium,
  subtleCekOpener,
} from "@notes/crypto";
import type { Session, WrapOpener } from "../vault/session";

const held = new WeakMap<SharingKeyPair, Map<string, Uint8Array>>();

/** Lets the openings made ahead go (idempotent). */
export type ReleaseWraps = () => void;

/**
 * Opens `wraps` (repeats and absent ones skipped) ahead, and answers once they are
 * held for openWrap. Call the answer when the work that needed them is done.
 */
export async function openWrapsAhead(
  sodium: Sodium,
  session: Pick<Session, "keyPair" | "wrapOpener">,
  wraps: Iterable<string | undefined>,
): Promise<ReleaseWraps> {
  const { keyPair } = session;
  const wanted = new Set<string>();
  for (const wrap of wraps) if (wrap) wanted.add(wrap);
  if (wanted.size === 0) return () => undefined;
  const asked = [...wanted];
  const keys = await openElsewhere(sodium, session, asked);
  let map = held.get(keyPair);
  if (!map) {
    map = new Map();
    held.set(keyPair, map);
  }
  const mine = new Map<string, Uint8Array>();
  asked.forEach((wrap, i) => {
    const cek = keys[i];
    if (cek?.length === CEK_BYTES && !map.has(wrap)) {
      map.set(wrap, cek);
      mine.set(wrap, cek);
    } else cek?.fill(0);
  });
  const holding = map;
  // Each key let go is wiped: openWrap handed out copies.
  return () => {
    for (const [wrap, cek] of mine) {
      if (holding.get(wrap) === cek) holding.delete(wrap);
      cek.fill(0);
    }
    mine.clear();
  };
}

/**
 * How long a page waits for the session's opener (a worker between two of its other
 * tasks answers in milliseconds): one that stalls, or died without a word, must not
 * stall the sync. Its late answer is wiped.
 */
const OPENER_WAIT_MS = 3_000;

function answerInTime(
  opener: WrapOpener,
  wraps: readonly string[],
): Promise<(Uint8Array | undefined)[]> {
  return new Promise((resolve, reject) => {
    let late = false;
    const timer = setTimeout(() => {
      late = true;
      reject(new Error("the wrap opener did not answer in time"));
    }, OPENER_WAIT_MS);
    opener.open(wraps).then(
      (keys) => {
        clearTimeout(timer);
        if (!late) return resolve(keys);
        for (const key of keys) key?.fill(0);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** The session's own opener, else (or when it declines) WebCrypto's X25519. */
async function openElsewhere(
  sodium: Sodium,
  session: Pick<Session, "keyPair" | "wrapOpener">,
  wraps: readonly string[],
): Promise<(Uint8Array | undefined)[]> {
  if (session.wrapOpener) {
    try {
      return await answerInTime(session.wrapOpener, wraps);
    } catch {
      // Not ready, failed or stalled: opened here instead.
    }
  }
  try {
    // Imported for this page only: no usable key outlives the page (a sign-out zeroes
    // the keypair's bytes, and a key kept here would still open wraps).
    const open = await subtleCekOpener(sodium, session.keyPair);
    return open ? await Promise.all(wraps.map((wrap) => open.open(wrap))) : [];
  } catch {
    return []; // opened where they are needed, with libsodium
  }
}

/**
 * The content key inside the session's wrap: from an opening made ahead when there is
 * one, else opened here. Throws DecryptionFailed as openSealedCek does.
 */
export function openWrap(
  sodium: Sodium,
  session: Pick<Session, "keyPair">,
  wrap: string,
): Uint8Array {
  const ahead = held.get(session.keyPair)?.get(wrap);
  return ahead ? ahead.slice() : openSealedCek(sodium, wrap, session.keyPair);
}
