// Accounts and notes for the scale-out bench, made over /v1 as a client would:
// each writer is its own account (as its own user) with one note.
import { randomBytes, randomUUID } from "node:crypto";
import { TEST_OPERATOR_TOKEN } from "@notes/test-support/database-mode";
import { call } from "../http";

const b64 = (n: number) => randomBytes(n).toString("base64");

export interface Writer {
  token: string;
  noteId: string;
}

/** An account with complimentary storage (no quota refusals mid-run) and one note. */
export async function writer(url: string): Promise<Writer> {
  const handle = `scale_${randomBytes(6).toString("hex")}`;
  const { token } = await call<{ token: string }>(url, "POST", "/v1/accounts", undefined, {
    identifier: handle,
    authKey: b64(32),
    kdfIterations: 600_000,
    kdfSalt: b64(16),
    recoveryAuthKey: b64(32),
    recoveryWrappedMasterKey: b64(72),
    wrappedMasterKey: b64(72),
  });
  const granted = await fetch(`${url}/ops/v1/accounts/${handle}:grantComplimentary`, {
    method: "POST",
    headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` },
  });
  if (granted.status !== 204) throw new Error(`grant: ${granted.status}`);
  const noteId = randomUUID();
  await call(url, "POST", "/v1/notes", token, {
    id: noteId,
    metadata: b64(64),
    snapshot: b64(256),
    wrappedCek: b64(80),
  });
  return { token, noteId };
}

export const appendBody = () => JSON.stringify({ updates: [b64(64)] });
