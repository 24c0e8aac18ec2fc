// Test support (not exported): an in-memory server for one account's sealed key pins
// (the single copy of before shards, and the shards of issue 33) as /v1 answers them,
// with the caps and If-Match rules of the real one, plus the look-up and the change
// list a sync needs. Switches make it lie: withhold every pin, hide some shards, serve
// an older copy of a shard kept earlier, or substitute someone's key at a look-up.
import { type SharingKeyPair, toBase64 } from "@notes/crypto";
import type { NoteState } from "../../../src/api/types";
import { json } from "../test-fetch";
import { fakeServer, problem, type RouteHandler, type SeenRequest } from "../test-server";

/** The real server's caps (packages/api: key-pins.ts, key-pin-shards.ts), in sealed bytes. */
const SINGLE_COPY_CAP = 196_608;
const SHARD_CAP = 524_288;

interface Stored {
  sealed: string;
  version: number;
}

export interface LookupPerson {
  userId: string;
  handle: string;
  keyPair: SharingKeyPair;
}

export function keyPinsServer(options: {
  people?: LookupPerson[];
  attacker?: LookupPerson;
  /** What GET /v1/changes lists (only memberCount, role and deleted are read). */
  notes?: Pick<NoteState, "id" | "memberCount" | "role" | "deleted">[];
}) {
  let single: Stored | undefined;
  const shards = new Map<number, Stored>();
  /** Every copy each shard held, oldest first: what a replay serves. */
  const history = new Map<number, Stored[]>();
  const lie = {
    /** Answer no pins at all: no single copy, no shards. */
    withholdAll: false,
    /** Shards left out of the list (and answered empty). */
    hidden: new Set<number>(),
    /** Shard → index into its history: that older copy is served instead. */
    replay: new Map<number, number>(),
    /** Whose look-up answers the attacker's key. */
    substitute: new Set<string>(),
  };

  const served = (shard: number): Stored | undefined => {
    if (lie.withholdAll || lie.hidden.has(shard)) return undefined;
    const older = lie.replay.get(shard);
    return older === undefined ? shards.get(shard) : history.get(shard)?.[older];
  };
  const ifMatch = (request: SeenRequest, etag: string) => {
    const tag = request.headers["If-Match"];
    if (tag === undefined) return problem("precondition-required", 428);
    if (tag !== "*" && tag !== etag) return problem("precondition-failed", 412);
    return undefined;
  };
  const tooLarge = (sealed: unknown, cap: number) =>
    typeof sealed !== "string" || Buffer.from(sealed, "base64").length > cap;

  const routes: Record<string, RouteHandler> = {
    "GET /v1/account/key-pins": () => {
      const copy = lie.withholdAll ? undefined : single;
      const version = copy?.version ?? 0;
      return json({ sealed: copy?.sealed ?? null, version }, 200, { ETag: `"pins-${version}"` });
    },
    "PUT /v1/account/key-pins": (request) => {
      const version = single?.version ?? 0;
      const refused = ifMatch(request, `"pins-${version}"`);
      if (refused) return refused;
      if (tooLarge(request.body?.sealed, SINGLE_COPY_CAP)) return problem("invalid-request", 400);
      single = { sealed: request.body?.sealed as string, version: version + 1 };
      return json(single, 200, { ETag: `"pins-${single.version}"` });
    },
    "GET /v1/account/key-pins/shards": () => {
      const listed = [...shards.keys()].filter((n) => served(n) !== undefined);
      const list = listed
        .sort((a, b) => a - b)
        .map((shard) => ({
          shard,
          version: (served(shard) as Stored).version,
        }));
      return json({ shards: list });
    },
    "GET /v1/changes": () => json({ changes: options.notes ?? [], nextPageToken: "" }),
    "POST /v1/users:resolve": (request) => {
      const found = options.people?.find((p) => p.handle === request.body?.handle);
      if (!found) return problem("user-not-found", 404);
      const attacker = lie.substitute.has(found.userId) ? options.attacker : undefined;
      const key = (attacker ?? found).keyPair.publicKey;
      return json({ userId: found.userId, handle: found.handle, publicKey: toBase64(key) });
    },
  };
  for (let shard = 0; shard < 256; shard++) {
    const path = `/v1/account/key-pins/shards/${shard}`;
    routes[`GET ${path}`] = () => {
      const copy = served(shard);
      return json({ shard, sealed: copy?.sealed ?? null, version: copy?.version ?? 0 });
    };
    routes[`PUT ${path}`] = (request) => {
      const version = served(shard)?.version ?? 0;
      const refused = ifMatch(request, `"pin-shard-${shard}-${version}"`);
      if (refused) return refused;
      if (tooLarge(request.body?.sealed, SHARD_CAP)) return problem("invalid-request", 400);
      const copy = { sealed: request.body?.sealed as string, version: version + 1 };
      shards.set(shard, copy);
      history.set(shard, [...(history.get(shard) ?? []), copy]);
      lie.replay.delete(shard);
      return json({ shard, ...copy });
    };
  }
  const { fetch, seen, keyLog } = fakeServer(routes);
  // The people's real keys are in the key-transparency log, as an honest server logs them.
  for (const p of options.people ?? [])
    keyLog.publish(p.userId, { publicKey: p.keyPair.publicKey });
  return { fetch, seen, lie, shards, history, single: () => single };
}
