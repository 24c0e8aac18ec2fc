// Test support (not exported): an in-memory server for one shared note, with an
// "evil" switch. Honest, users:resolve answers each person's real sharing key and
// the roster and note change as the owner's requests say; with `substitute` naming
// someone, it answers the attacker's key for them instead, as a compromised server
// would (issue 21, attack 1), and keeps every roster write so a test can see who
// could open the content key it carried.
import { loadSodium, type SharingKeyPair, toBase64 } from "@notes/crypto";
import type { NoteState } from "../../../src/api/types";
import type { Member } from "../../../src/sharing/list-members";
import { json } from "../test-fetch";
import { fakeServer } from "../test-server";

export interface Person {
  userId: string;
  handle: string;
  keyPair: SharingKeyPair;
}

export interface RosterWrite {
  members: { userId: string; role: Member["role"]; wrappedCek: string; wrapSignature?: string }[];
  ownerWrappedCek?: string;
  ownerWrapSignature?: string;
  roster?: { epoch: number; entry: string };
}

export async function person(userId: string, handle: string, seed: number): Promise<Person> {
  const sodium = await loadSodium();
  const keyPair = sodium.crypto_box_seed_keypair(new Uint8Array(32).fill(seed));
  return { userId, handle, keyPair };
}

export function sharingServer(options: {
  note: NoteState;
  owner: Person;
  people: Person[];
  roster: Member[];
  attacker: Person;
}) {
  let state = options.note;
  let roster = options.roster;
  let version = 0;
  /** Whose key users:resolve answers with the attacker's; empty while the server is honest. */
  const substitute = new Set<string>();
  const writes: RosterWrite[] = [];
  /** The note's roster chain as the owner wrote it (issue 33); a test may bend it. */
  const chain: { epoch: number; entry: string }[] = [];
  const path = `/v1/notes/${state.id}`;
  const { fetch, seen, keyLog } = fakeServer({
    [`GET ${path}`]: () => json(state),
    [`GET ${path}/members`]: () =>
      json({ members: roster, nextPageToken: "" }, 200, { ETag: `"r${version}"` }),
    "POST /v1/users:resolve": (request) => {
      const handle = request.body?.handle;
      const found = options.people.find((p) => p.handle === handle);
      if (!found) return json({ title: "user-not-found", status: 404 }, 404);
      const key = substitute.has(found.userId) ? options.attacker.keyPair : found.keyPair;
      return json({ userId: found.userId, handle, publicKey: toBase64(key.publicKey) });
    },
    [`GET ${path}/roster-chain`]: () => json({ entries: chain, nextPageToken: "" }),
    [`PUT ${path}/members`]: (request) => {
      const body = request.body as unknown as RosterWrite;
      writes.push(body);
      version += 1;
      if (body.roster) chain.push(body.roster);
      const ownerRow = roster[0] as Member;
      roster = [ownerRow, ...body.members.map(({ userId, role }) => rowFor(userId, role))];
      if (body.ownerWrappedCek) {
        state = {
          ...state,
          wrappedCek: body.ownerWrappedCek,
          ...(body.ownerWrapSignature && {
            wrappedCekSignature: body.ownerWrapSignature,
            wrappedCekEpoch: body.roster?.epoch ?? 0,
          }),
        };
      }
      return json({ members: roster, nextPageToken: "" }, 200, { ETag: `"r${version}"` });
    },
    [`POST ${path}:compact`]: (request) => {
      const body = request.body as { snapshot: string; metadata: string };
      state = { ...state, snapshot: body.snapshot, metadata: body.metadata, seq: state.seq + 1 };
      return json({ id: state.id, seq: state.seq, version: state.version });
    },
  });

  function rowFor(userId: string, role: Member["role"]): Member {
    const handle = options.people.find((p) => p.userId === userId)?.handle;
    return { userId, role, ...(handle && { handle }), addedBy: options.owner.userId };
  }

  // The people's real keys are in the key-transparency log, as an honest server logs them.
  for (const p of options.people) keyLog.publish(p.userId, { publicKey: p.keyPair.publicKey });
  return {
    fetch,
    seen,
    keyLog,
    writes,
    substitute,
    chain,
    /** Lists an account the owner never added, as a server adding a ghost would. */
    addGhost(userId: string) {
      roster = [...roster, rowFor(userId, "editor")];
      version += 1;
    },
  };
}
