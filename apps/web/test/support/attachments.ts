// Attachments as a client drives them over /v1 (issue 36): random bytes stand in for
// the wrapped key, sealed metadata and chunk ciphertext, which the server cannot
// check; the shapes and lengths are the real ones.
import { randomBytes, randomUUID } from "node:crypto";
import { expect } from "vitest";
import { b64, type SignedUp } from "./accounts";
import type { ApiResponse } from "./api";

export interface AttachmentBody extends Record<string, unknown> {
  id: string;
  noteId: string;
  chunkSize: number;
  chunkCount: number;
  size: number;
  state: "uploading" | "complete" | "detached";
  wrappedKey: string;
  metadata: string;
  missingChunks?: number[];
}

export const attachmentPath = (noteId: string, attachmentId?: string) =>
  `/v1/notes/${noteId}/attachments${attachmentId ? `/${attachmentId}` : ""}`;

export function startUpload(
  user: SignedUp,
  noteId: string,
  shape: { size: number; chunkSize: number; metadataBytes?: number; id?: string },
): Promise<ApiResponse<AttachmentBody>> {
  return user.client.call<AttachmentBody>("POST", attachmentPath(noteId), {
    token: user.token,
    body: {
      attachmentId: shape.id ?? randomUUID(),
      wrappedKey: b64(randomBytes(72)),
      metadata: b64(randomBytes(shape.metadataBytes ?? 296)),
      chunkSize: shape.chunkSize,
      size: shape.size,
    },
  });
}

export function putChunk(
  user: SignedUp,
  noteId: string,
  attachmentId: string,
  index: number,
  data: Uint8Array,
) {
  return user.client.call("PUT", `${attachmentPath(noteId, attachmentId)}/chunks/${index}`, {
    token: user.token,
    body: { data: b64(data) },
  });
}

export function readChunk(user: SignedUp, noteId: string, attachmentId: string, index: number) {
  return user.client.call<{ data: string }>(
    "GET",
    `${attachmentPath(noteId, attachmentId)}/chunks/${index}`,
    { token: user.token },
  );
}

export function finishUpload(user: SignedUp, noteId: string, attachmentId: string) {
  return user.client.call<AttachmentBody>(
    "POST",
    `${attachmentPath(noteId, attachmentId)}:finish`,
    {
      token: user.token,
    },
  );
}

/** The chunks of a file of `size` ciphertext bytes cut at `chunkSize`. */
export function chunksOf(size: number, chunkSize: number): Uint8Array[] {
  const all = randomBytes(size);
  const out: Uint8Array[] = [];
  for (let at = 0; at < size; at += chunkSize)
    out.push(all.subarray(at, Math.min(size, at + chunkSize)));
  return out;
}

/** Uploads a whole file and finishes it; answers the attachment and its chunks. */
export async function uploadFile(
  user: SignedUp,
  noteId: string,
  size: number,
  chunkSize = 4096,
): Promise<{ attachment: AttachmentBody; chunks: Uint8Array[] }> {
  const started = await startUpload(user, noteId, { size, chunkSize });
  expect(started.status, started.text).toBe(201);
  const chunks = chunksOf(size, chunkSize);
  for (const [i, chunk] of chunks.entries()) {
    const put = await putChunk(user, noteId, started.body.id, i, chunk);
    expect(put.status, put.text).toBe(204);
  }
  const finished = await finishUpload(user, noteId, started.body.id);
  expect(finished.status, finished.text).toBe(200);
  return { attachment: finished.body, chunks };
}
