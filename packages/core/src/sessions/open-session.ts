// Mints a bearer token for an account. Only the token's SHA-256 is stored.

import { randomUUID } from "node:crypto";
import { type Queryable, sessions } from "@notes/db";
import { newToken } from "../shared/secrets";
import { sessionLabel } from "../shared/user-agent";
import type { RequestMeta } from "../types";

export async function openSession(
  q: Queryable,
  accountId: string,
  meta: RequestMeta,
): Promise<{ sessionId: string; token: string }> {
  const { token, hash } = newToken();
  const sessionId = randomUUID();
  await q.insert(sessions).values({
    id: sessionId,
    accountId,
    tokenHash: hash,
    label: sessionLabel(meta.userAgent),
  });
  return { sessionId, token };
}
