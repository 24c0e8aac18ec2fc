// Rosters in the key-transparency log over real HTTP (issue 34): a stored roster-chain
// entry is logged as its note's head at the next epoch; the roster-chain answer and
// GET /v1/key-transparency/notes/{id} carry the proof, which verifies under the signed
// head (the checks the SDK makes); only the note's live members may read it; the
// auditor rebuilds trees that hold roster leaves beside accounts'.
import { randomBytes, randomUUID } from "node:crypto";
import {
  auditLog,
  fromBase64,
  LogReader,
  parseHead,
  parseRosterProof,
  type RosterProofJson,
  rosterEntryDigest,
  verifyRosterLookup,
} from "@notes/keytrans";
import { describe, expect, it } from "vitest";
import { b64, type SignedUp } from "./support/accounts";
import { baseUrl, Client, expectProblem } from "./support/api";
import { AUDIT_TIMEOUT_MS, eventually, headOfEpoch } from "./support/key-transparency";
import { blob } from "./support/notes";
import { introduce, roster, type Sharer, sharer } from "./support/sharing";

const idBytes = (id: string) => Buffer.from(id.replaceAll("-", ""), "hex");
const block = (who: SignedUp) => b64(Buffer.concat([idBytes(who.accountId), randomBytes(64)]));
/** Chain entry bytes ending in a block that names `who`: the server reads nothing else. */
const entry = (who: SignedUp, members = 1) =>
  b64(Buffer.concat([randomBytes(85 + 49 * members), idBytes(who.accountId), randomBytes(64)]));

type ChainAnswer = {
  entries: { epoch: number; entry: string }[];
  keyTransparency?: RosterProofJson;
  nextPageToken: string;
};

async function signedNote(owner: Sharer) {
  const id = randomUUID();
  const rosterEntry = entry(owner);
  const body = {
    id,
    metadata: blob(64),
    snapshot: blob(256),
    wrappedCek: blob(80),
    wrappedCekSignature: block(owner),
    rosterEntry,
  };
  const res = await owner.client.call("POST", "/v1/notes", { token: owner.token, body });
  expect(res.status, res.text).toBe(201);
  return { id, rosterEntry };
}

async function putSigned(owner: Sharer, noteId: string, body: Record<string, unknown>) {
  const current = await roster(owner, noteId);
  const res = await owner.client.call("PUT", `/v1/notes/${noteId}/members`, {
    token: owner.token,
    headers: { "If-Match": current.headers.get("etag") ?? "" },
    body,
  });
  expect(res.status, res.text).toBe(200);
}

const chain = (user: SignedUp, noteId: string) =>
  user.client.call<ChainAnswer>("GET", `/v1/notes/${noteId}/roster-chain`, { token: user.token });
const proofRoute = (user: SignedUp, noteId: string) =>
  user.client.call<{ proof?: RosterProofJson }>("GET", `/v1/key-transparency/notes/${noteId}`, {
    token: user.token,
  });
/** The proof `read` answers once it is of chain epoch `chainEpoch`, with the head of its epoch. */
async function provenAt(
  client: Client,
  chainEpoch: number,
  read: () => Promise<RosterProofJson | undefined>,
) {
  const proof = await eventually(async () => {
    const answer = await read();
    return answer?.chainEpoch === chainEpoch ? answer : undefined;
  });
  return { proof, head: parseHead((await headOfEpoch(client, proof.epoch)).head) };
}

describe("rosters in the key-transparency log", () => {
  it("logs each note's newest chain entry at the next epoch, with a proof that verifies under the head", async () => {
    const owner = await sharer("ktr");
    const bob = await sharer("ktr");
    await introduce(owner, bob);
    const note = await signedNote(owner);
    const first = await provenAt(
      owner.client,
      0,
      async () => (await proofRoute(owner, note.id)).body.proof,
    );
    const logged0 = verifyRosterLookup(first.head, note.id, parseRosterProof(first.proof));
    expect(logged0.entryHash).toEqual(rosterEntryDigest(fromBase64(note.rosterEntry)));

    const withBob = entry(owner, 2);
    await putSigned(owner, note.id, {
      members: [
        {
          userId: bob.accountId,
          role: "editor",
          wrappedCek: blob(80),
          wrapSignature: block(owner),
        },
      ],
      roster: { epoch: 1, entry: withBob },
    });
    // The member reads it carried on the chain's answer, and from the proof route.
    const carried = await provenAt(
      bob.client,
      1,
      async () => (await chain(bob, note.id)).body.keyTransparency,
    );
    const logged1 = verifyRosterLookup(carried.head, note.id, parseRosterProof(carried.proof));
    expect(logged1).toMatchObject({ chainEpoch: 1 });
    expect(logged1.entryHash).toEqual(rosterEntryDigest(fromBase64(withBob)));
    const routed = await provenAt(
      bob.client,
      1,
      async () => (await proofRoute(bob, note.id)).body.proof,
    );
    verifyRosterLookup(routed.head, note.id.toUpperCase(), parseRosterProof(routed.proof));
    expect(routed.proof.entryHash).toBe(carried.proof.entryHash);
  });

  it("gives the proof to live members only: a foreign account, a removed member and no note get 404 note-not-found, no token 401", async () => {
    const owner = await sharer("ktr");
    const bob = await sharer("ktr");
    const stranger = await sharer("ktr");
    await introduce(owner, bob);
    const note = await signedNote(owner);
    await putSigned(owner, note.id, {
      members: [
        {
          userId: bob.accountId,
          role: "viewer",
          wrappedCek: blob(80),
          wrapSignature: block(owner),
        },
      ],
      roster: { epoch: 1, entry: entry(owner, 2) },
    });
    await provenAt(owner.client, 1, async () => (await proofRoute(owner, note.id)).body.proof);

    // A foreign account gets what it gets for the note itself: not found.
    expectProblem(await proofRoute(stranger, note.id), 404, "note-not-found");
    expectProblem(
      await stranger.client.call("GET", `/v1/notes/${note.id}`, { token: stranger.token }),
      404,
      "note-not-found",
    );
    expectProblem(await proofRoute(owner, randomUUID()), 404, "note-not-found");
    const anonymous = await new Client().call("GET", `/v1/key-transparency/notes/${note.id}`);
    expectProblem(anonymous, 401, "no-session");
    expect(anonymous.headers.get("www-authenticate")).toContain("Bearer");

    // Removed: the chain up to the removal, with no proof; the route, not found.
    await putSigned(owner, note.id, { members: [], roster: { epoch: 2, entry: entry(owner) } });
    await provenAt(owner.client, 2, async () => (await proofRoute(owner, note.id)).body.proof);
    const removed = await chain(bob, note.id);
    expect(removed.status).toBe(200);
    expect(removed.body.entries.map((e) => e.epoch)).toEqual([0, 1, 2]);
    expect(removed.body).not.toHaveProperty("keyTransparency");
    expectProblem(await proofRoute(bob, note.id), 404, "note-not-found");
  });

  it("documents the proof route and the field the chain's answer carries", async () => {
    type Doc = {
      paths: Record<
        string,
        Record<string, { tags?: string[]; responses: Record<string, unknown> }>
      >;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    const doc = (await new Client().call<Doc>("GET", "/v1/openapi.json")).body;
    const route = doc.paths["/key-transparency/notes/{id}"]?.get;
    expect(route?.tags).toEqual(["key-transparency"]);
    expect(JSON.stringify(route?.responses["404"])).toContain("note-not-found");
    const chainAnswer = JSON.stringify(doc.paths["/notes/{id}/roster-chain"]?.get?.responses);
    expect(chainAnswer).toContain("keyTransparency");
    expect(doc.components.schemas.RosterTransparencyProof?.properties).toHaveProperty("entryHash");
  });

  // The audit replays every epoch since the suite began (AUDIT_TIMEOUT_MS).
  it("answers no proof for a note without a chain, and the auditor replays trees holding roster leaves", {
    timeout: AUDIT_TIMEOUT_MS,
  }, async () => {
    const owner = await sharer("ktr");
    const id = randomUUID();
    const res = await owner.client.call("POST", "/v1/notes", {
      token: owner.token,
      body: { id, metadata: blob(64), snapshot: blob(64), wrappedCek: blob(80) },
    });
    expect(res.status).toBe(201);
    const signed = await signedNote(owner);
    await provenAt(owner.client, 0, async () => (await proofRoute(owner, signed.id)).body.proof);
    const none = await proofRoute(owner, id);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({});
    expect((await chain(owner, id)).body).toEqual({ entries: [], nextPageToken: "" });
    const report = await auditLog(new LogReader(baseUrl()));
    expect(report.epochs).toBeGreaterThan(1);
  });
});
