// Wraps opened ahead with WebCrypto's X25519 (issue 35): the same keys as libsodium
// gives, none opened twice while held, none held after the release, and a wrap that
// does not open ahead refused by libsodium as before.
import {
  DecryptionFailed,
  generateSharingKeyPair,
  loadSodium,
  openSealedCek,
  sealCek,
  toBase64,
} from "@notes/crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openWrap, openWrapsAhead } from "./opened-wraps";

const sodium = await loadSodium();
const session = { keyPair: generateSharingKeyPair(sodium) };
const keys = Array.from({ length: 20 }, () => sodium.randombytes_buf(32));
const wraps = keys.map((cek) => sealCek(sodium, cek, session.keyPair.publicKey));
const opensInWasm = () => vi.spyOn(sodium, "crypto_box_seal_open");

afterEach(() => vi.restoreAllMocks());

describe("wraps opened ahead", () => {
  it("answer each key without opening it again, and are opened again once released", async () => {
    const release = await openWrapsAhead(sodium, session, [...wraps, undefined, wraps[0]]);
    const wasm = opensInWasm();
    expect(wraps.map((wrap) => openWrap(sodium, session, wrap))).toEqual(keys);
    expect(wasm).not.toHaveBeenCalled();
    release();
    release();
    expect(openWrap(sodium, session, wraps[3] as string)).toEqual(keys[3]);
    expect(wasm).toHaveBeenCalledTimes(1);
  });

  it("hand out a copy: a caller zeroing its key leaves the held one intact", async () => {
    const release = await openWrapsAhead(sodium, session, wraps);
    openWrap(sodium, session, wraps[0] as string).fill(0);
    expect(openWrap(sodium, session, wraps[0] as string)).toEqual(keys[0]);
    release();
  });

  it("are the keypair's own: another session opens (and is refused) as before", async () => {
    const other = { keyPair: generateSharingKeyPair(sodium) };
    const release = await openWrapsAhead(sodium, session, wraps);
    expect(() => openWrap(sodium, other, wraps[0] as string)).toThrow(DecryptionFailed);
    release();
  });

  it("leave a wrap that does not open to libsodium, refused as before", async () => {
    const altered = Uint8Array.from(atob(wraps[1] as string), (c) => c.charCodeAt(0));
    altered[60] = (altered[60] ?? 0) ^ 1;
    const toOther = sealCek(
      sodium,
      keys[2] as Uint8Array,
      generateSharingKeyPair(sodium).publicKey,
    );
    const bad = [toBase64(altered), toOther, "not a wrap"];
    const release = await openWrapsAhead(sodium, session, bad);
    const wasm = opensInWasm();
    const thrown = (open: () => unknown) => {
      try {
        open();
      } catch (error) {
        return error;
      }
    };
    for (const wrap of bad) {
      const error = thrown(() => openWrap(sodium, session, wrap));
      expect(error).toEqual(thrown(() => openSealedCek(sodium, wrap, session.keyPair)));
      expect(error).toBeInstanceOf(Error);
    }
    expect(thrown(() => openWrap(sodium, session, bad[0] as string))).toBeInstanceOf(
      DecryptionFailed,
    );
    expect(wasm).toHaveBeenCalledTimes(5);
    release();
  });

  it("overlapping: a release lets go only what it opened; the keys stay right either way", async () => {
    const first = await openWrapsAhead(sodium, session, wraps.slice(0, 10));
    const second = await openWrapsAhead(sodium, session, wraps.slice(5));
    first();
    const wasm = opensInWasm();
    expect(wraps.slice(10).map((wrap) => openWrap(sodium, session, wrap))).toEqual(keys.slice(10));
    expect(wasm).not.toHaveBeenCalled();
    expect(openWrap(sodium, session, wraps[5] as string)).toEqual(keys[5]);
    second();
  });

  it("come from the session's own opener when it has one, and are opened here when it declines", async () => {
    const asked: string[][] = [];
    const withOpener = {
      keyPair: session.keyPair,
      wrapOpener: {
        open: async (given: readonly string[]) => {
          asked.push([...given]);
          return given.map((wrap) => keys[wraps.indexOf(wrap)]?.slice());
        },
      },
    };
    const release = await openWrapsAhead(sodium, withOpener, [wraps[0], wraps[1], wraps[0]]);
    expect(asked).toEqual([[wraps[0], wraps[1]]]);
    const wasm = opensInWasm();
    expect(openWrap(sodium, session, wraps[1] as string)).toEqual(keys[1]);
    expect(wasm).not.toHaveBeenCalled();
    release();

    // One that declines (starting, or failed): opened ahead here instead.
    const declining = {
      keyPair: session.keyPair,
      wrapOpener: { open: () => Promise.reject(new Error("the wrap worker is starting")) },
    };
    const here = await openWrapsAhead(sodium, declining, wraps);
    expect(openWrap(sodium, session, wraps[2] as string)).toEqual(keys[2]);
    expect(wasm).not.toHaveBeenCalled();
    here();
  });

  it("are wiped once released, and a duplicate answer at once", async () => {
    const handed: Uint8Array[] = [];
    const withOpener = {
      keyPair: session.keyPair,
      wrapOpener: {
        open: async (given: readonly string[]) =>
          given.map((wrap) => {
            const key = (keys[wraps.indexOf(wrap)] as Uint8Array).slice();
            handed.push(key);
            return key;
          }),
      },
    };
    const first = await openWrapsAhead(sodium, withOpener, wraps.slice(0, 3));
    const again = await openWrapsAhead(sodium, withOpener, wraps.slice(2, 4));
    // wraps[2] was held already: the second answer's copy of it is wiped at once.
    expect(handed[3]).toEqual(new Uint8Array(32));
    expect(handed[4]).toEqual(keys[3]);
    first();
    for (const key of handed.slice(0, 3)) expect(key).toEqual(new Uint8Array(32));
    again();
    expect(handed[4]).toEqual(new Uint8Array(32));
  });

  it("do not wait for an opener that stalls: opened here after a few seconds, its late answer wiped", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      let answer: (keys: (Uint8Array | undefined)[]) => void = () => undefined;
      const stalled = {
        keyPair: session.keyPair,
        wrapOpener: {
          open: () => new Promise<(Uint8Array | undefined)[]>((resolve) => (answer = resolve)),
        },
      };
      let done = false;
      const ahead = openWrapsAhead(sodium, stalled, wraps).then((release) => {
        done = true;
        return release;
      });
      await vi.advanceTimersByTimeAsync(2_900);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(200);
      const release = await ahead;
      const wasm = opensInWasm();
      expect(openWrap(sodium, session, wraps[4] as string)).toEqual(keys[4]);
      expect(wasm).not.toHaveBeenCalled();
      release();
      const late = (keys[0] as Uint8Array).slice();
      answer([late]);
      await Promise.resolve();
      await Promise.resolve();
      expect(late).toEqual(new Uint8Array(32));
    } finally {
      vi.useRealTimers();
    }
  });
});
