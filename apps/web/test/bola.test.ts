// Object-level authorization, as a matrix: every operation that takes an id, from
// the note's owner, an editor, a viewer, another account and an anonymous caller.
// Strangers always get 404 (existence never leaks), anonymous callers 401, and
// roles get exactly what contract.md §4 grants. Everyone is premium here, so the
// revision rows test roles rather than tiers.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { SignedUp } from "./support/accounts";
import { type ApiResponse, Client, expectProblem } from "./support/api";
import { blob, grantComplimentary, newNote } from "./support/notes";
import { setMembers, sharer } from "./support/sharing";

type Role = "owner" | "editor" | "viewer" | "other" | "anonymous";
const ROLES: Role[] = ["owner", "editor", "viewer", "other", "anonymous"];
/** [status, slug] — a slug for problems, none for success. */
type Expected = [number, string?];

let users: Record<Exclude<Role, "anonymous">, SignedUp>;
let noteId: string;

function call(
  role: Role,
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) {
  const user = role === "anonymous" ? undefined : users[role];
  const client = user?.client ?? new Client();
  return client.call(method, path, {
    ...(user && { token: user.token }),
    ...(body !== undefined && { body }),
    ...(headers && { headers }),
  });
}

function expectOutcome(res: ApiResponse, [status, slug]: Expected, label: string) {
  if (slug) expectProblem(res, status, slug);
  else expect(res.status, `${label}: ${res.text}`).toBe(status);
}

async function currentVersion(): Promise<number> {
  const res = await call("owner", "GET", `/v1/notes/${noteId}`);
  return res.body.version as number;
}

const NOT_FOUND: Expected = [404, "note-not-found"];
const ANON: Expected = [401, "no-session"];

beforeAll(async () => {
  const [owner, editor, viewer, other] = await Promise.all([
    sharer(),
    sharer(),
    sharer(),
    sharer(),
  ]);
  users = { owner: owner!, editor: editor!, viewer: viewer!, other: other! };
  for (const user of Object.values(users)) await grantComplimentary(user.credentials.identifier);
  noteId = (await newNote(users.owner)).id;
  await setMembers(users.owner, noteId, [
    { userId: users.editor.accountId, role: "editor" },
    { userId: users.viewer.accountId, role: "viewer" },
  ]);
  const revision = await call("owner", "POST", `/v1/notes/${noteId}/revisions`, {
    snapshot: blob(32),
  });
  expect(revision.status).toBe(201);
});

const matrix: {
  name: string;
  request: (role: Role) => Promise<ApiResponse>;
  expect: Record<Role, Expected>;
}[] = [
  {
    name: "GET /v1/notes/{id}",
    request: (r) => call(r, "GET", `/v1/notes/${noteId}`),
    expect: { owner: [200], editor: [200], viewer: [200], other: NOT_FOUND, anonymous: ANON },
  },
  {
    name: "POST /v1/notes/{id}/updates",
    request: (r) => call(r, "POST", `/v1/notes/${noteId}/updates`, { updates: [blob(8)] }),
    expect: {
      owner: [200],
      editor: [200],
      viewer: [403, "view-only"],
      other: NOT_FOUND,
      anonymous: ANON,
    },
  },
  {
    name: "POST /v1/notes/{id}:compact",
    request: async (r) =>
      call(r, "POST", `/v1/notes/${noteId}:compact`, {
        snapshot: blob(32),
        coversVersion: await currentVersion(),
      }),
    expect: {
      owner: [200],
      editor: [200],
      viewer: [403, "view-only"],
      other: NOT_FOUND,
      anonymous: ANON,
    },
  },
  {
    // The compaction row above kept what it replaced: the owner's alone to read or let go.
    name: "GET /v1/notes/{id}/previous-compaction",
    request: (r) => call(r, "GET", `/v1/notes/${noteId}/previous-compaction`),
    expect: {
      owner: [200],
      editor: [403, "owner-required"],
      viewer: [403, "owner-required"],
      other: NOT_FOUND,
      anonymous: ANON,
    },
  },
  {
    name: "DELETE /v1/notes/{id}/previous-compaction",
    request: (r) => call(r, "DELETE", `/v1/notes/${noteId}/previous-compaction`),
    expect: {
      owner: [204],
      editor: [403, "owner-required"],
      viewer: [403, "owner-required"],
      other: NOT_FOUND,
      anonymous: ANON,
    },
  },
  {
    name: "GET /v1/notes/{id}/members",
    request: (r) => call(r, "GET", `/v1/notes/${noteId}/members`),
    expect: { owner: [200], editor: [200], viewer: [200], other: NOT_FOUND, anonymous: ANON },
  },
  {
    name: "PUT /v1/notes/{id}/members",
    request: (r) =>
      call(
        r,
        "PUT",
        `/v1/notes/${noteId}/members`,
        {
          members: [
            { userId: users.editor.accountId, role: "editor", wrappedCek: blob(80) },
            { userId: users.viewer.accountId, role: "viewer", wrappedCek: blob(80) },
          ],
        },
        { "If-Match": "*" },
      ),
    expect: {
      owner: [200],
      editor: [403, "owner-required"],
      viewer: [403, "owner-required"],
      other: NOT_FOUND,
      anonymous: ANON,
    },
  },
  {
    name: "GET /v1/notes/{id}/revisions",
    request: (r) => call(r, "GET", `/v1/notes/${noteId}/revisions`),
    expect: { owner: [200], editor: [200], viewer: [200], other: NOT_FOUND, anonymous: ANON },
  },
  {
    name: "POST /v1/notes/{id}/revisions",
    request: (r) => call(r, "POST", `/v1/notes/${noteId}/revisions`, { snapshot: blob(16) }),
    expect: {
      owner: [201],
      editor: [201],
      viewer: [403, "view-only"],
      other: NOT_FOUND,
      anonymous: ANON,
    },
  },
  {
    name: "GET /v1/notes/{id}/revisions/{revision}",
    request: (r) => call(r, "GET", `/v1/notes/${noteId}/revisions/1`),
    expect: { owner: [200], editor: [200], viewer: [200], other: NOT_FOUND, anonymous: ANON },
  },
  {
    name: "POST /v1/notes/{id}/room-tickets",
    request: (r) => call(r, "POST", `/v1/notes/${noteId}/room-tickets`),
    expect: { owner: [201], editor: [201], viewer: [201], other: NOT_FOUND, anonymous: ANON },
  },
];

describe("authorization matrix by role", () => {
  for (const row of matrix) {
    it(row.name, async () => {
      for (const role of ROLES)
        expectOutcome(await row.request(role), row.expect[role], `${row.name} as ${role}`);
    });
  }

  it("DELETE /v1/notes/{id}: owner only, then the note is gone for everyone", async () => {
    const expected: Record<Role, Expected> = {
      editor: [403, "owner-required"],
      viewer: [403, "owner-required"],
      other: NOT_FOUND,
      anonymous: ANON,
      owner: [204],
    };
    for (const role of ["editor", "viewer", "other", "anonymous", "owner"] as const)
      expectOutcome(await call(role, "DELETE", `/v1/notes/${noteId}`), expected[role], role);
    for (const role of ["owner", "editor", "viewer"] as const)
      expectProblem(await call(role, "GET", `/v1/notes/${noteId}`), 404, "note-not-found");
  });

  it("DELETE /v1/sessions/{id} of another account's session is 404", async () => {
    const sessions = await call("owner", "GET", "/v1/sessions");
    const id = (sessions.body.sessions as { id: string; current: boolean }[])[0]!.id;
    expectProblem(await call("other", "DELETE", `/v1/sessions/${id}`), 404, "not-found");
    expectProblem(await call("anonymous", "DELETE", `/v1/sessions/${id}`), 401, "no-session");
    expectProblem(await call("other", "DELETE", `/v1/sessions/${randomUUID()}`), 404, "not-found");
    expect((await call("owner", "GET", "/v1/account")).status).toBe(200);
  });
});
