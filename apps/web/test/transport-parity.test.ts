// integration: database-independent (runs once, on the embedded database, in CI: see vitest.config.ts)
// The two transports of the same procedures must mean the same: every case runs
// through the SDK's /v1 client (third parties) and its /api/trpc client (the web
// app) and must observe the same thing: the output's shape, the problem (status,
// type, title, detail, field pointers, Retry-After) and the ETag. The suite fails
// when they differ; each case also pins what /v1 answers, so that two transports
// wrong in the same way cannot pass. Both mounts (self-hosted and Fetch) serve both.
import { randomUUID } from "node:crypto";
import type { ProcedurePath } from "@notes/client";
import { describe, expect, it } from "vitest";
import { newCredentials, signUp, signUpBody, uniqueHandle } from "./support/accounts";
import { Client } from "./support/api";
import { bothMounts } from "./support/fetch-mount";
import { newNote } from "./support/notes";
import { device, observe, problem, type Seen, sameOnBoth } from "./support/transports";

describe.each(bothMounts("transport-parity"))("/v1 and /api/trpc on the $name mount", (mount) => {
  /** An account made on this mount (each mount keeps its own server secret). */
  const account = () => signUp(undefined, new Client(undefined, undefined, mount.url()));

  it("sign up, read with its ETag, and the account's If-Match preconditions", async () => {
    const seen = await sameOnBoth(async (transport) => {
      const api = device(mount.url(), transport);
      let token = "";
      const created = await observe(async () => {
        const answer = await api.call("accounts.create", signUpBody(newCredentials()));
        token = answer.token;
        return answer;
      });
      api.setToken(token);
      let etag = "";
      const read = await observe(async () => {
        const answer = await api.send("account.get", {});
        etag = answer.headers.get("etag") ?? "";
        return answer.body;
      });
      const stale = await observe(() =>
        api.call("account.patch", { handle: uniqueHandle() }, { headers: { "If-Match": '"0"' } }),
      );
      const missing = await observe(() => api.call("account.patch", { handle: uniqueHandle() }));
      let nextEtag = "";
      const patched = await observe(async () => {
        const answer = await api.send(
          "account.patch",
          { handle: uniqueHandle() },
          { headers: { "If-Match": etag } },
        );
        nextEtag = answer.headers.get("etag") ?? "";
        return answer.body;
      });
      return {
        created,
        read,
        etag: /^"/.test(etag),
        stale,
        missing,
        patched,
        etagChanged: nextEtag !== "" && nextEtag !== etag,
      };
    });
    expect(seen.etag).toBe(true);
    expect(seen.etagChanged).toBe(true);
    expect(problem(seen.stale)?.type).toMatch(/\/problems\/precondition-failed$/);
    expect(problem(seen.missing)?.status).toBe(428);
  });

  it("invalid input: the operation's slug, with pointers into /v1's shape", async () => {
    const user = await account();
    const seen = await sameOnBoth(async (transport) => {
      const api = device(mount.url(), transport, user.token);
      return {
        missingMembers: await observe(() =>
          api.call("accounts.create", { identifier: uniqueHandle() } as never),
        ),
        nul: await observe(() => api.call("accounts.lookupAuthParams", { identifier: "a\u0000b" })),
        badPathParam: await observe(() => api.call("notes.get", { id: "not-a-uuid" })),
      };
    });
    expect(problem(seen.missingMembers)?.status).toBe(400);
    expect(problem(seen.missingMembers)?.pointers).toContain("/authKey");
    expect(problem(seen.nul)?.pointers).toEqual(["/identifier"]);
    expect(problem(seen.badPathParam)?.pointers).toEqual(["#/path/id"]);
  });

  it("who may read what: no session, a foreign note, an unknown note", async () => {
    const owner = await account();
    const stranger = await account();
    const note = await newNote(owner);
    const seen = await sameOnBoth(async (transport) => {
      const anonymous = device(mount.url(), transport);
      const foreign = device(mount.url(), transport, stranger.token);
      const own = device(mount.url(), transport, owner.token);
      return {
        noSession: await observe(() => anonymous.call("account.get", {})),
        foreign: await observe(() => foreign.call("notes.get", { id: note.id })),
        unknown: await observe(() => own.call("notes.get", { id: randomUUID() })),
        own: await observe(() => own.call("notes.get", { id: note.id })),
      };
    });
    expect(problem(seen.noSession)?.status).toBe(401);
    expect(problem(seen.foreign)?.type).toMatch(/\/problems\/note-not-found$/);
    expect(seen.unknown).toEqual(seen.foreign);
    expect(seen.own).toHaveProperty("ok");
  });

  it("a body past the operation's limit answers 413 on both, with or without a session", async () => {
    const user = await account();
    const seen = await sameOnBoth(async (transport) => {
      const tooLarge = (token?: string) =>
        observe(() =>
          device(mount.url(), transport, token).call(
            "account.patch",
            { handle: "x".repeat(1_100_000) },
            { headers: { "If-Match": '"0"' } },
          ),
        );
      return { signedIn: await tooLarge(user.token), anonymous: await tooLarge() };
    });
    expect(problem(seen.signedIn)?.status).toBe(413);
    expect(problem(seen.signedIn)?.type).toMatch(/\/problems\/body-too-large$/);
    expect(seen.anonymous).toEqual(seen.signedIn);
  });

  it("the sign-in rate limit answers 429 with Retry-After on both", async () => {
    const seen = await sameOnBoth(async (transport) => {
      const user = await account();
      const api = device(mount.url(), transport);
      const wrong = { identifier: user.credentials.identifier, authKey: newCredentials().authKey };
      let last: Seen = { ok: null };
      for (let i = 0; i < 60 && problem(last)?.status !== 429; i++)
        last = await observe(() => api.call("sessions.signIn", wrong));
      return { limited: last };
    });
    expect(problem(seen.limited)).toMatchObject({ status: 429, retryAfter: "seconds" });
  });

  it("reads sent together (one batch over tRPC) answer as each would alone", async () => {
    const owner = await account();
    const stranger = await account();
    const note = await newNote(owner);
    const reads: [ProcedurePath, Record<string, unknown>][] = [
      ["account.get", {}],
      ["keypair.get", {}],
      ["notes.get", { id: note.id }],
      ["sessions.list", {}],
    ];
    const seen = await sameOnBoth(async (transport) => {
      const sent: string[] = [];
      const api = device(mount.url(), transport, owner.token, (url) => sent.push(url));
      const stranger_ = device(mount.url(), transport, stranger.token);
      const together = await Promise.all([
        ...reads.map(([path, input]) => observe(() => api.call(path, input as never))),
        observe(() => stranger_.call("notes.get", { id: note.id })),
      ]);
      if (transport === "trpc") {
        // The web app's reasons for this transport: one request for the four reads.
        expect(sent).toHaveLength(1);
        expect(sent[0]).toContain(
          "/api/trpc/account.get,keypair.get,notes.get,sessions.list?batch=1",
        );
      } else expect(sent).toHaveLength(reads.length);
      return Object.fromEntries(together.map((s, i) => [String(i), s]));
    });
    for (const read of ["0", "2", "3"]) expect(seen[read]).toHaveProperty("ok");
    expect(problem(seen[String(reads.length)])?.type).toMatch(/\/problems\/note-not-found$/);
  });
});
