// Note material as a client would send it: random bytes stand in for envelopes.
import { randomBytes, randomUUID } from "node:crypto";
import { expect } from "vitest";
import { b64, type SignedUp } from "./accounts";
import type { ApiResponse } from "./api";
import { opsCall } from "./ops";

export const blob = (bytes: number) => b64(randomBytes(bytes));

export interface Coordinates {
  id: string;
  seq: number;
  version: number;
}

export async function createNote(
  user: SignedUp,
  options: { id?: string; snapshotBytes?: number; metadataBytes?: number } = {},
) {
  const body = {
    id: options.id ?? randomUUID(),
    metadata: blob(options.metadataBytes ?? 64),
    snapshot: blob(options.snapshotBytes ?? 256),
    wrappedCek: blob(80),
  };
  const res = await user.client.call<Coordinates & Record<string, unknown>>("POST", "/v1/notes", {
    token: user.token,
    body,
  });
  return { res, body };
}

export async function newNote(user: SignedUp, snapshotBytes = 256): Promise<Coordinates> {
  const { res } = await createNote(user, { snapshotBytes });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

export function append(
  user: SignedUp,
  id: string,
  body: { updates: string[]; metadata?: string | null; requestId?: string | null },
) {
  return user.client.call<Coordinates & Record<string, unknown>>(
    "POST",
    `/v1/notes/${id}/updates`,
    { token: user.token, body },
  );
}

export async function usage(
  user: SignedUp,
): Promise<{ accountBytes: number; maxAccountBytes: number; noteCount: number }> {
  const res = await user.client.call<{
    usage: { accountBytes: number; maxAccountBytes: number; noteCount: number };
  }>("GET", "/v1/account", {
    token: user.token,
  });
  return res.body.usage;
}

export async function grantComplimentary(handle: string): Promise<void> {
  const res = await opsCall("POST", `/ops/v1/accounts/${handle}:grantComplimentary`);
  expect(res.status).toBe(204);
}

export interface ChangesPage {
  changes: (Coordinates & {
    deleted: boolean;
    role: string;
    snapshot?: string;
    metadata?: string;
    wrappedCek?: string;
    updates: string[];
    snapshotVersion: number;
    memberCount: number;
  })[];
  nextPageToken: string;
  nextSyncToken?: string;
}

/** Follows nextPageToken to the end; returns every page and the sync token. */
export async function syncAll(
  user: SignedUp,
  query = "",
  token?: string,
): Promise<{ pages: ApiResponse<ChangesPage>[]; syncToken: string }> {
  const pages: ApiResponse<ChangesPage>[] = [];
  let pageToken = token;
  for (;;) {
    const params = new URLSearchParams(query);
    if (pageToken) params.set("pageToken", pageToken);
    const res = await user.client.call<ChangesPage>("GET", `/v1/changes?${params}`, {
      token: user.token,
    });
    expect(res.status, res.text).toBe(200);
    pages.push(res);
    if (res.body.nextPageToken === "") return { pages, syncToken: res.body.nextSyncToken! };
    pageToken = res.body.nextPageToken;
  }
}
