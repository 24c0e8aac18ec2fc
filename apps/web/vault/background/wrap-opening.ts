// Opening a change-feed page's wraps in a worker of the session's own (issue 35): the
// X25519 multiplication of each opening, ~40 µs with WebCrypto and ~125 µs with
// libsodium's WebAssembly, twice per note on a first sync, leaves the tab's main thread.
// It runs in the session's background worker (background.worker.ts), beside the search
// index but not in its queue: `{ wrapId }` envelopes are answered as they come.
// `newWrapOpening` is its whole behaviour, so tests drive it without a Worker. The
// worker holds the sharing keypair from "keys" until it is terminated (the Notebook
// stops: the app lock, a sign-out); with WebCrypto, only as a key it cannot export, the
// bytes it was given zeroed.
import {
  CEK_BYTES,
  loadSodium,
  openSealedCek,
  type SharingKeyPair,
  subtleCekOpener,
} from "@notes/crypto";

export type WrapRequest =
  /** The keypair the wraps are sealed to. The worker owns the bytes: they are zeroed. */
  { type: "keys"; keyPair: SharingKeyPair } | { type: "open"; wraps: string[] };

export type WrapReply =
  | { type: "ready" }
  /** `keys`: 32 bytes per wrap, in order; `opened[i]` is 1 where wrap i opened. */
  | { type: "opened"; keys: Uint8Array; opened: Uint8Array }
  | { type: "error"; message: string };

/** A wrap request or reply, numbered apart from the worker's other requests. */
export interface WrapEnvelope<T> {
  wrapId: number;
  body: T;
}

export function isWrapEnvelope(data: unknown): data is WrapEnvelope<WrapRequest> {
  return typeof data === "object" && data !== null && "wrapId" in data;
}

export function newWrapOpening(): (request: WrapRequest) => Promise<WrapReply> {
  // Set as "keys" arrives, before anything is awaited: an "open" sent right behind it
  // waits for the import.
  let opener: Promise<(wrap: string) => Promise<Uint8Array | undefined>> | undefined;
  return async (request) => {
    if (request.type === "keys") {
      opener = openerFor(request.keyPair);
      await opener;
      return { type: "ready" };
    }
    if (!opener) return { type: "error", message: "no keys yet" };
    const open = await opener;
    const ceks = await Promise.all(request.wraps.map((wrap) => open(wrap)));
    const keys = new Uint8Array(ceks.length * CEK_BYTES);
    const opened = new Uint8Array(ceks.length);
    ceks.forEach((cek, i) => {
      if (cek?.length !== CEK_BYTES) return;
      keys.set(cek, i * CEK_BYTES);
      opened[i] = 1;
      cek.fill(0);
    });
    return { type: "opened", keys, opened };
  };
}

/** WebCrypto's X25519 where there is one (the bytes zeroed once imported), else libsodium. */
async function openerFor(
  keyPair: SharingKeyPair,
): Promise<(wrap: string) => Promise<Uint8Array | undefined>> {
  const sodium = await loadSodium();
  const subtle = await subtleCekOpener(sodium, keyPair);
  if (subtle) {
    keyPair.privateKey.fill(0);
    return (wrap) => subtle.open(wrap);
  }
  return async (wrap) => {
    try {
      return openSealedCek(sodium, wrap, keyPair);
    } catch {
      return undefined;
    }
  };
}
