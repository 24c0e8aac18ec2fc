// Sharing as a client drives it over /v1: a sharing keypair per account (random
// bytes stand in for keys), people found through users:resolve before they are
// added (the server admits no one else), the roster read with its ETag, and
// replacements held to it with If-Match.

import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { b64, type SignedUp, signUp } from "./accounts";
import type { ApiResponse, Client } from "./api";
import { blob } from "./notes";

export interface Sharer extends SignedUp {
  handle: string;
  publicKey: string;
}

/** Signs up with a handle and stores a sharing keypair, so others can resolve it. */
export async function sharer(prefix = "share", client?: Client): Promise<Sharer> {
  const user = await signUp(undefined, client);
  const handle = user.credentials.identifier;
  const publicKey = b64(randomBytes(32));
  const put = await user.client.call("PUT", "/v1/keypair", {
    token: user.token,
    body: { publicKey, wrappedPrivateKey: blob(72), authKey: user.credentials.authKey },
  });
  expect(put.status, `${prefix}: ${put.text}`).toBe(204);
  handles.set(user.accountId, handle);
  return { ...user, handle, publicKey };
}

/** Handles of the sharers made here, so setMembers can resolve newcomers as a client does. */
const handles = new Map<string, string>();
/** `owner:member` pairs already resolved (resolve is limited to 30 a minute per account). */
const introduced = new Set<string>();

/** `owner` resolves each of `members` by handle, which lets the owner add them. */
export async function introduce(
  owner: SignedUp,
  ...members: Pick<Sharer, "accountId" | "handle">[]
): Promise<void> {
  for (const member of members) {
    const res = await owner.client.call("POST", "/v1/users:resolve", {
      token: owner.token,
      body: { handle: member.handle },
    });
    expect(res.status, res.text).toBe(200);
    introduced.add(`${owner.accountId}:${member.accountId}`);
  }
}

export interface MemberBody {
  userId: string;
  role: "editor" | "viewer";
  wrappedCek?: string;
  addedBy?: string | null;
}

/** The roster as answered, each member's key-transparency proof included (issue 34). */
export function rosterWithProofs(user: SignedUp, noteId: string) {
  return user.client.call<{ members: Record<string, unknown>[]; nextPageToken: string }>(
    "GET",
    `/v1/notes/${noteId}/members`,
    { token: user.token },
  );
}

/**
 * The roster as answered, less each member's `keyTransparency` proof: whether an epoch
 * closed since a key was published is timing, not what these tests are about
 * (key-transparency.test.ts checks the proofs).
 */
export async function roster(user: SignedUp, noteId: string) {
  const res = await rosterWithProofs(user, noteId);
  if (!Array.isArray(res.body.members)) return res;
  const members = res.body.members.map(({ keyTransparency: _proof, ...member }) => member);
  return { ...res, body: { ...res.body, members } };
}

export function putMembers(
  user: SignedUp,
  noteId: string,
  members: MemberBody[],
  options: { ifMatch?: string | null; ownerWrappedCek?: string } = {},
): Promise<ApiResponse<{ members: Record<string, unknown>[]; nextPageToken: string }>> {
  const headers: Record<string, string> = {};
  if (options.ifMatch !== null && options.ifMatch !== undefined)
    headers["If-Match"] = options.ifMatch;
  return user.client.call("PUT", `/v1/notes/${noteId}/members`, {
    token: user.token,
    headers,
    body: {
      members: members.map((m) => ({ wrappedCek: blob(80), ...m })),
      ...(options.ownerWrappedCek && { ownerWrappedCek: options.ownerWrappedCek }),
    },
  });
}

/**
 * Reads the roster's ETag and replaces it; expects success. Sharers not yet resolved
 * by `owner` are resolved first, as the share dialog does before adding someone.
 */
export async function setMembers(
  owner: SignedUp,
  noteId: string,
  members: MemberBody[],
  options: { ownerWrappedCek?: string } = {},
) {
  for (const { userId } of members) {
    const handle = handles.get(userId);
    if (handle && !introduced.has(`${owner.accountId}:${userId}`)) {
      await introduce(owner, { accountId: userId, handle });
    }
  }
  const current = await roster(owner, noteId);
  expect(current.status, current.text).toBe(200);
  const res = await putMembers(owner, noteId, members, {
    ...options,
    ifMatch: current.headers.get("etag") ?? "",
  });
  expect(res.status, res.text).toBe(200);
  return res;
}
