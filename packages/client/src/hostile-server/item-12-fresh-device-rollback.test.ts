// Issue 33, item 12: roll a fresh device back. Seen states are per device, so a device
// that never saw the newer state of a note took an older one without a word, even when
// another of the account's devices had seen the newer one. The device link is the way
// from one of the account's devices to another that the server can neither withhold
// nor alter (an AES-GCM seal under an ECDH key it does not know, proven by a MAC keyed
// from the QR secret): the seal now carries the signed-in device's seen heads (note,
// version, snapshot version, metadata revision, deleted by its owner), 29 bytes a note,
// and the new device starts from them (docs/client-crypto.md, "Seen heads in the
// device-link seal"; vector in device-links/linked-heads-vector.json).
import { loadSodium, type Sodium, sealMetadata } from "@notes/crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { deviceLinkServer } from "../../test/support/hostile-server/device-link-server";
import { noteHistoryServer } from "../../test/support/hostile-server/note-history-server";
import { FIXED_CEK, fixedSession, NOTE_ID } from "../../test/support/test-keys";
import { createApiClient } from "../api/client";
import type { NoteState } from "../api/types";
import {
  answerDeviceLink,
  claimDeviceLink,
  readDeviceLinkSeal,
} from "../device-links/join-by-link";
import { parseLinkCode } from "../device-links/link-code";
import {
  openDeviceLink,
  readDeviceLink,
  sealDeviceLink,
} from "../device-links/share-with-new-device";
import { RollbackDetected } from "../errors";
import { readText } from "../notes/text";
import { SyncEngine } from "../sync/sync-engine";
import { MemorySeenStates, type SeenState } from "../trust/seen-states";
import type { Session } from "../vault/session";

let sodium: Sodium;
beforeAll(async () => {
  sodium = await loadSodium();
});

/** The laptop: synced the note at version 3, titled at revision 4. */
async function laptop() {
  const session: Session = { ...(await fixedSession()), seenStates: new MemorySeenStates() };
  const notes = noteHistoryServer(sodium, FIXED_CEK, session.keyPair.publicKey);
  for (const line of ["two", "three", "four"]) notes.write(line);
  const renamed = sealMetadata(sodium, FIXED_CEK, NOTE_ID, { title: "Plans", tags: [], rev: 4 });
  /** The note as it is now, with its renamed title. */
  const current = () => ({ ...notes.state(), metadata: renamed });
  notes.serve = current;
  const engine = new SyncEngine(
    createApiClient({ baseUrl: "http://x", fetch: notes.fetch }),
    session,
  );
  expect((await engine.syncOnce()).refused).toEqual([]);
  notes.serve = undefined;
  return { session, notes, current };
}

/** A phone linked from `seen`'s device through the real flow of both sides. */
async function phoneLinkedWith(seen: readonly SeenState[]): Promise<Session> {
  const masterKey = new Uint8Array(32).fill(2);
  const server = await deviceLinkServer({ masterKey });
  const laptopApi = createApiClient({ baseUrl: "http://x", fetch: server.fetch, token: "laptop" });
  const phoneApi = createApiClient({ baseUrl: "http://x", fetch: server.fetch });
  const link = await openDeviceLink(laptopApi);
  const claim = await answerDeviceLink(phoneApi, parseLinkCode(link.qrText));
  const progress = await readDeviceLink(laptopApi, link);
  if (progress.status !== "offered") throw new Error(`expected offered, got ${progress.status}`);
  await sealDeviceLink(laptopApi, link, masterKey, progress.claimerPubKey, seen);
  const seal = await readDeviceLinkSeal(phoneApi, claim);
  if (!seal) throw new Error("expected a seal");
  const linked = await claimDeviceLink(phoneApi, claim, seal);
  // The phone's keys are the account's (fixed in these tests): only the seen states matter.
  return { ...(await fixedSession()), seenStates: linked.seenStates };
}

function phoneSync(
  phone: Session,
  served: () => NoteState,
  notes: ReturnType<typeof noteHistoryServer>,
) {
  notes.serve = served;
  return new SyncEngine(createApiClient({ baseUrl: "http://x", fetch: notes.fetch }), phone);
}

describe("issue 33, item 12: a fresh device is not rolled back below what the account's linking device saw", () => {
  it("a phone linked from the laptop refuses an older copy of a note the laptop saw newer, and takes the current one", async () => {
    const { session, notes, current } = await laptop();
    const phone = await phoneLinkedWith(session.seenStates?.all() ?? []);
    const older = notes.history[1] as NoteState; // version 1

    const engine = phoneSync(phone, () => older, notes);
    const result = await engine.syncOnce();

    expect(result.refused).toEqual([expect.any(RollbackDetected)]);
    expect(result.refused[0]).toMatchObject({ noteId: NOTE_ID, kind: "older-version" });
    expect(engine.note(NOTE_ID)).toBeUndefined();

    notes.serve = current;
    const honest = await new SyncEngine(
      createApiClient({ baseUrl: "http://x", fetch: notes.fetch }),
      phone,
    ).syncOnce();
    expect(honest.refused).toEqual([]);
    expect(honest.changed).toEqual([NOTE_ID]);
  });

  it("older titles and tags, and a note its owner deleted served alive again, are refused on the phone too", async () => {
    const { session, notes, current } = await laptop();
    const phone = await phoneLinkedWith(session.seenStates?.all() ?? []);
    const older = sealMetadata(sodium, FIXED_CEK, NOTE_ID, {
      title: "Old plans",
      tags: [],
      rev: 2,
    });

    const metadata = await phoneSync(
      phone,
      () => ({ ...notes.state(), metadata: older }),
      notes,
    ).syncOnce();
    expect(metadata.refused[0]).toMatchObject({ noteId: NOTE_ID, kind: "older-metadata" });

    const laptopSeen = session.seenStates?.get(NOTE_ID);
    if (!laptopSeen) throw new Error("laptop saw nothing");
    const deletedHere: SeenState = {
      ...laptopSeen,
      left: { at: "2026-01-01T00:00:00Z", confirmed: true },
    };
    const second = await phoneLinkedWith([deletedHere]);
    const alive = await phoneSync(second, current, notes).syncOnce();
    expect(alive.refused[0]).toMatchObject({ noteId: NOTE_ID, kind: "after-deletion" });
    expect(alive.changed).toEqual([]);
  });

  // A device signed in without a link starts from the account's seen heads instead
  // (startFromAccountSeenHeads; item-12-fresh-device-by-password.test.ts). A client that
  // skips that step has only what the server tells it, as here.
  it("a device that neither was linked nor read the account's seen heads takes the older copy", async () => {
    const { notes } = await laptop();
    const alone: Session = { ...(await fixedSession()), seenStates: new MemorySeenStates() };
    const older = notes.history[1] as NoteState;
    const engine = phoneSync(alone, () => older, notes);
    expect((await engine.syncOnce()).refused).toEqual([]);
    expect(readText(engine.note(NOTE_ID)?.doc ?? fail())).toBe("first line\ntwo");
  });
});

function fail(): never {
  throw new Error("note not held");
}
