// Note heads in the key-transparency log over real HTTP (issue 33, item 12): creating a
// note and appending to it (with new metadata) each get the note's head logged at the
// next epoch; GET /v1/key-transparency/notes/{id} carries its proof (`head`) with the
// logged metadata envelope, and the proof verifies under the signed head to the digests
// a client records of what it is served; only the note's live members may read it.
import { randomUUID } from "node:crypto";
import {
  envelopeDigest,
  fromBase64,
  type NoteHeadProofJson,
  parseHead,
  parseNoteHeadProof,
  type SignedHeadJson,
  verifyNoteHeadLookup,
} from "@notes/keytrans";
import { describe, expect, it } from "vitest";
import type { SignedUp } from "./support/accounts";
import { Client, expectProblem } from "./support/api";
import { append, blob, createNote } from "./support/notes";
import { sharer } from "./support/sharing";

type HeadAnswer = NoteHeadProofJson & { metadata?: string };

const proofRoute = (user: SignedUp, noteId: string) =>
  user.client.call<{ head?: HeadAnswer }>("GET", `/v1/key-transparency/notes/${noteId}`, {
    token: user.token,
  });
const headNow = async (client: Client) =>
  parseHead(
    (await client.call<{ head: SignedHeadJson }>("GET", "/v1/key-transparency/head")).body.head,
  );

/**
 * The head proof once it is of note version `version` and of the current head's epoch:
 * epochs close every few hundred ms here, so each read waits for the log, never races it.
 */
async function loggedAt(user: SignedUp, noteId: string, version: number) {
  for (let delay = 20; ; delay = Math.min(delay * 2, 200)) {
    const proof = (await proofRoute(user, noteId)).body.head;
    if (proof?.version === version) {
      const head = await headNow(user.client);
      if (proof.epoch === head.epoch) return { proof, head };
    }
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

describe("note heads in the key-transparency log", () => {
  it("logs a note's head after its creation and after each append, with a proof that verifies", async () => {
    const owner = await sharer("kth");
    const { res, body } = await createNote(owner);
    expect(res.status, res.text).toBe(201);
    const created = await loggedAt(owner, body.id, 0);
    const first = verifyNoteHeadLookup(created.head, body.id, parseNoteHeadProof(created.proof));
    expect(first).toEqual({
      version: 0,
      snapshotVersion: 0,
      contentDigest: envelopeDigest(fromBase64(body.snapshot)),
      metadataDigest: envelopeDigest(fromBase64(body.metadata)),
    });
    expect(created.proof.metadata).toBe(body.metadata);

    const updates = [blob(40), blob(40)];
    const metadata = blob(64);
    const appended = await append(owner, body.id, { updates, metadata });
    expect(appended.status, appended.text).toBe(200);
    const later = await loggedAt(owner, body.id, 2);
    const second = verifyNoteHeadLookup(
      later.head,
      body.id.toUpperCase(),
      parseNoteHeadProof(later.proof),
    );
    expect(second.snapshotVersion).toBe(0);
    expect(second.contentDigest).toEqual(envelopeDigest(fromBase64(updates[1] as string)));
    expect(second.metadataDigest).toEqual(envelopeDigest(fromBase64(metadata)));
    expect(later.proof.metadata).toBe(metadata);
  });

  it("gives the head's proof to members only: a foreign account and no note get 404 note-not-found", async () => {
    const owner = await sharer("kth");
    const stranger = await sharer("kth");
    const { body } = await createNote(owner);
    await loggedAt(owner, body.id, 0);
    expectProblem(await proofRoute(stranger, body.id), 404, "note-not-found");
    expectProblem(await proofRoute(owner, randomUUID()), 404, "note-not-found");
    const anonymous = await new Client().call("GET", `/v1/key-transparency/notes/${body.id}`);
    expectProblem(anonymous, 401, "no-session");
  });

  it("documents the head's proof beside the roster's", async () => {
    type Doc = {
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    const doc = (await new Client().call<Doc>("GET", "/v1/openapi.json")).body;
    const schema = doc.components.schemas.NoteHeadTransparencyProof?.properties;
    expect(schema).toHaveProperty("contentDigest");
    expect(schema).toHaveProperty("metadata");
  });
});
