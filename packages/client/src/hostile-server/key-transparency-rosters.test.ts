// Issue 34, rosters in the log: the head of each note's signed roster chain is in the
// key-transparency log, one for everyone, so a server cannot show two members different
// rosters. Every entry is the owner's signature, so the server cannot forge one; before
// this, it could still show a member an older chain (withholding the entry that removed
// someone), or, once the owner had signed two entries at one epoch (a second device
// shown an older chain), show each member its own branch: each chain verified on its
// own, and a member's device took it. Now the chain must hold the logged entry with the
// logged hash (`roster-withheld`, `roster-fork`), and the owner's device audits that
// what it signed reaches the log. A note the log never held reads as before (contract
// §9 rule 12).
import { fromBase64, loadSodium } from "@notes/crypto";
import type { RosterProofJson } from "@notes/keytrans";
import { beforeAll, describe, expect, it } from "vitest";
import {
  chainMember,
  type Owner,
  owner,
  signedChain,
} from "../../test/support/hostile-server/group-state-server";
import { TestKeyLog } from "../../test/support/key-log";
import { json } from "../../test/support/test-fetch";
import { FIXED_CEK, fixedSession, NOTE_ID } from "../../test/support/test-keys";
import { fakeServer } from "../../test/support/test-server";
import { createApiClient } from "../api/client";
import { RosterChainRefused } from "../errors";
import type { Member } from "../sharing/list-members";
import { signedRoster } from "../sharing/signed-roster";
import { MemoryKeyPins } from "../trust/key-pins";
import { type KeyTransparencyWarning, keyTransparencyFor } from "../trust/key-transparency";
import { NoteKeyStates } from "../trust/note-key-states";
import { auditOwnRoster, type RosterAuditResult, watchOwnRosters } from "../trust/roster-audit";
import { readChainHead, rememberChainHead } from "../trust/roster-chain";
import type { Session } from "../vault/session";

let sodium: Awaited<ReturnType<typeof loadSodium>>;
let alice: Owner;
const BOB = "00000000-0000-4000-8000-0000000000b4";
const CAROL = "00000000-0000-4000-8000-0000000000c4";
const MALLORY = "00000000-0000-4000-8000-0000000000e4";
type Chain = { epoch: number; entry: string }[];

beforeAll(async () => {
  sodium = await loadSodium();
  alice = owner(sodium, "00000000-0000-4000-8000-0000000000a4", 0x60);
});

const as = (userId: string, seed: number, role: "owner" | "editor" | "viewer") =>
  chainMember(
    sodium,
    { userId, publicKey: new Uint8Array(32).fill(seed), signingPublicKey: alice.signingPublicKey },
    role,
  );

/** Alice's rosters: alone, then with Bob and Carol (and, from `later`, whatever follows). */
function rosters(...later: ReturnType<typeof as>[][]): Chain {
  const a = as(alice.userId, 1, "owner");
  return signedChain(sodium, alice, FIXED_CEK, [
    [a],
    [a, as(BOB, 2, "editor"), as(CAROL, 3, "viewer")],
    ...later.map((members) => [a, ...members]),
  ]);
}

const listed = (...ids: string[]): Member[] =>
  [alice.userId, ...ids].map((userId, i) => ({
    userId,
    role: i === 0 ? "owner" : "editor",
    addedBy: alice.userId,
  })) as Member[];

/**
 * A member's device (Alice's signing key pinned) whose server answers `served()` as the
 * note's chain, with the proof of what `log` holds for the note (`carry` false: the proof
 * left off the answer, and the proof route answering none).
 */
async function memberDevice(userId: string, log: TestKeyLog, served: () => Chain, carry = true) {
  const session: Session = {
    ...(await fixedSession()),
    account: { id: userId } as Session["account"],
    keyPins: new MemoryKeyPins(),
    keyStates: new NoteKeyStates(),
  };
  session.keyPins?.set({
    userId: alice.userId,
    publicKey: alice.sharing.publicKey,
    signingPublicKey: alice.signingPublicKey,
    verified: false,
  });
  const server: {
    carry: boolean;
    proof: () => RosterProofJson | undefined;
  } & ReturnType<typeof fakeServer> = {
    carry,
    proof: (): RosterProofJson | undefined => log.rosterProof(NOTE_ID),
    ...fakeServer(
      {
        [`GET /v1/notes/${NOTE_ID}/roster-chain`]: () => {
          const proof = server.carry ? server.proof() : undefined;
          return json({
            entries: served(),
            ...(proof && { keyTransparency: proof }),
            nextPageToken: "",
          });
        },
      },
      log,
    ),
  };
  const api = createApiClient({ baseUrl: "http://x", fetch: server.fetch });
  const warnings: KeyTransparencyWarning[] = [];
  const kt = keyTransparencyFor(api, { waitForLogMs: 0, onWarning: (w) => warnings.push(w) });
  return { session, api, kt, warnings, server };
}

const entry = (chain: Chain, epoch: number) =>
  fromBase64(chain.find((e) => e.epoch === epoch)?.entry ?? "");

describe("issue 34: a note's roster against the key-transparency log", () => {
  it("two members shown different branches of one chain: the one the log does not hold is refused as a fork", async () => {
    // Alice signed entry 2 twice: on her laptop (Carol made editor), and on a phone the
    // server showed the chain up to 1 (Mallory added). The log holds the laptop's.
    const laptop = rosters([as(BOB, 2, "editor"), as(CAROL, 3, "editor")]);
    const phone = rosters([as(BOB, 2, "editor"), as(CAROL, 3, "viewer"), as(MALLORY, 9, "editor")]);
    const log = new TestKeyLog();
    log.logRoster(NOTE_ID, 2, entry(laptop, 2));
    const carol = await memberDevice(CAROL, log, () => laptop);
    const bob = await memberDevice(BOB, log, () => phone);

    const carolSees = await signedRoster(
      sodium,
      carol.api,
      carol.session,
      NOTE_ID,
      listed(BOB, CAROL),
    );
    expect(carolSees.members.map((m) => m.userId)).toEqual([alice.userId, BOB, CAROL]);
    expect(carolSees.head?.logged?.chainEpoch).toBe(2);
    expect(carol.warnings).toEqual([]);

    const bobSees = signedRoster(
      sodium,
      bob.api,
      bob.session,
      NOTE_ID,
      listed(BOB, CAROL, MALLORY),
    );
    await expect(bobSees).rejects.toMatchObject({
      name: "RosterChainRefused",
      reason: "roster-fork",
      epoch: 2,
    });
    expect(bob.warnings).toMatchObject([
      { kind: "roster", reason: "roster-fork", noteId: NOTE_ID },
    ]);
  });

  it("the newest entry withheld from one member is refused, and the person is told", async () => {
    // Entry 2 removes Carol; the server keeps showing Bob the roster from before it.
    const chain = rosters([as(BOB, 2, "editor")]);
    const log = new TestKeyLog();
    log.logRoster(NOTE_ID, 2, entry(chain, 2));
    const bob = await memberDevice(BOB, log, () => chain.slice(0, 2));

    const seen = readChainHead(sodium, bob.api, bob.session, NOTE_ID, alice.userId);
    await expect(seen).rejects.toBeInstanceOf(RosterChainRefused);
    await expect(seen).rejects.toMatchObject({ reason: "roster-withheld", epoch: 2 });
    // Told once, though the chain was read twice (an entry logged between two reads).
    expect(bob.warnings).toMatchObject([{ kind: "roster", reason: "roster-withheld" }]);
    expect(bob.server.seen.filter((r) => r.path.endsWith("/roster-chain")).length).toBe(2);
  });

  it("a chain withheld whole (served empty) is refused when the log holds its head", async () => {
    const chain = rosters();
    const log = new TestKeyLog();
    log.logRoster(NOTE_ID, 1, entry(chain, 1));
    const bob = await memberDevice(BOB, log, () => []);
    await expect(
      signedRoster(sodium, bob.api, bob.session, NOTE_ID, listed(BOB, MALLORY)),
    ).rejects.toMatchObject({ reason: "roster-withheld", epoch: 1 });
  });

  it("once a device saw the roster logged, a server that stops proving it is refused", async () => {
    const chain = rosters();
    const log = new TestKeyLog();
    log.logRoster(NOTE_ID, 1, entry(chain, 1));
    const bob = await memberDevice(BOB, log, () => chain);
    const head = await readChainHead(sodium, bob.api, bob.session, NOTE_ID, alice.userId);
    expect(head?.logged?.chainEpoch).toBe(1);
    expect(bob.session.keyStates?.get(NOTE_ID)?.rosterLogged).toBe(1);

    bob.server.carry = false;
    log.rosters.delete(NOTE_ID);
    await expect(
      readChainHead(sodium, bob.api, bob.session, NOTE_ID, alice.userId),
    ).rejects.toMatchObject({ reason: "roster-withheld", epoch: 1 });
  });

  it("a member removed since reads the chain up to their removal, with no proof, as before", async () => {
    const chain = rosters([as(BOB, 2, "editor")]);
    const log = new TestKeyLog();
    log.logRoster(NOTE_ID, 1, entry(chain, 1));
    let served = chain.slice(0, 2);
    const carol = await memberDevice(CAROL, log, () => served);
    expect(
      (await readChainHead(sodium, carol.api, carol.session, NOTE_ID, alice.userId))?.logged,
    ).toMatchObject({ chainEpoch: 1 });
    // Entry 2 removes Carol; the server serves her the chain up to it and no proof.
    log.logRoster(NOTE_ID, 2, entry(chain, 2));
    carol.server.carry = false;
    served = chain;
    const removed = await readChainHead(sodium, carol.api, carol.session, NOTE_ID, alice.userId);
    expect(removed?.entry.epoch).toBe(2);
    expect(removed?.entry.members.map((m) => m.userId)).not.toContain(CAROL);
    expect(carol.warnings).toEqual([]);
  });

  it("a carried proof older than the head this device holds is caught up by the proof route", async () => {
    const chain = rosters();
    const log = new TestKeyLog();
    log.logRoster(NOTE_ID, 1, entry(chain, 1));
    const stale = log.rosterProof(NOTE_ID);
    log.closeEpoch();
    const bob = await memberDevice(BOB, log, () => chain);
    bob.server.proof = () => stale;
    await bob.kt.refreshHead();
    const head = await readChainHead(sodium, bob.api, bob.session, NOTE_ID, alice.userId);
    expect(stale?.epoch).toBe(1);
    expect(head?.logged).toMatchObject({ epoch: 2, chainEpoch: 1 });
  });

  it("an entry not logged yet, and a note the log never held, read as before (unverified)", async () => {
    const chain = rosters([as(BOB, 2, "editor")]);
    const log = new TestKeyLog();
    log.logRoster(NOTE_ID, 1, entry(chain, 1));
    const bob = await memberDevice(BOB, log, () => chain);
    const head = await readChainHead(sodium, bob.api, bob.session, NOTE_ID, alice.userId);
    expect(head?.entry.epoch).toBe(2);
    expect(head?.logged?.chainEpoch).toBe(1);

    const never = await memberDevice(CAROL, new TestKeyLog(), () => chain, false);
    const unlogged = await readChainHead(sodium, never.api, never.session, NOTE_ID, alice.userId);
    expect(unlogged?.entry.epoch).toBe(2);
    expect(unlogged?.logged).toBeUndefined();
    const chainless = await memberDevice(CAROL, new TestKeyLog(), () => [], false);
    const view = await signedRoster(
      sodium,
      chainless.api,
      chainless.session,
      NOTE_ID,
      listed(CAROL),
    );
    expect(view.members.map((m) => m.userId)).toEqual([alice.userId, CAROL]);
    expect([...never.warnings, ...chainless.warnings]).toEqual([]);
  });
});

describe("issue 34: the owner audits that its roster reaches the log", () => {
  /** Alice's own device, which signed the chain up to its last entry. */
  async function ownersDevice(log: TestKeyLog, chain: Chain, deletedNotes: string[] = []) {
    const device = await memberDevice(alice.userId, log, () => chain);
    device.session.signingKeyPair = {
      publicKey: alice.signingPublicKey,
      secretKey: alice.secretKey,
    } as Session["signingKeyPair"];
    const last = chain.at(-1);
    if (!last) throw new Error("no chain");
    const wire = fromBase64(last.entry);
    const { parseRosterEntry, rosterEntryHash } = await import("@notes/crypto");
    // Notes this device signed a roster for and that are gone since (404 on their chain).
    for (const noteId of [...deletedNotes, NOTE_ID])
      rememberChainHead(
        device.session,
        noteId,
        { entry: parseRosterEntry(wire).entry, hash: rosterEntryHash(sodium, wire) },
        "",
        alice.userId,
      );
    return device;
  }

  it("a head the server never logs is told within the grace epochs (a deleted note skipped); a logged one is not", async () => {
    const chain = rosters([as(BOB, 2, "editor")]);
    const log = new TestKeyLog();
    log.logRoster(NOTE_ID, 1, entry(chain, 1));
    const alices = await ownersDevice(log, chain, ["00000000-0000-4000-8000-00000000d1e7"]);
    const results: RosterAuditResult["status"][] = [];
    const stop = watchOwnRosters(alices.kt, alices.api, alices.session, {
      graceEpochs: 2,
      onResult: (r) => results.push(r.status),
    });
    for (let i = 0; i < 3; i++) {
      log.closeEpoch();
      await alices.kt.refreshHead();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    stop();
    expect(results.every((r) => r === "pending")).toBe(true);
    expect(alices.warnings).toMatchObject([
      { kind: "roster", reason: "not-logged", noteId: NOTE_ID },
    ]);

    const honest = new TestKeyLog();
    honest.logRoster(NOTE_ID, 2, entry(chain, 2));
    const fine = await ownersDevice(honest, chain);
    const result = await auditOwnRoster(fine.kt, sodium, fine.api, fine.session, NOTE_ID);
    expect(result).toMatchObject({ status: "logged", chainEpoch: 2 });
    expect(fine.warnings).toEqual([]);
  });

  it("another entry logged at the epoch the owner signed is told as a fork", async () => {
    const mine = rosters([as(BOB, 2, "editor")]);
    const other = rosters([as(MALLORY, 9, "editor")]);
    const log = new TestKeyLog();
    log.logRoster(NOTE_ID, 2, entry(other, 2));
    const alices = await ownersDevice(log, mine);
    const result = await auditOwnRoster(alices.kt, sodium, alices.api, alices.session, NOTE_ID);
    expect(result).toMatchObject({ status: "failed", error: { reason: "roster-fork" } });
    expect(alices.warnings).toMatchObject([{ kind: "roster", reason: "roster-fork" }]);
  });
});
