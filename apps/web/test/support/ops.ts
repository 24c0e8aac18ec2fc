// Reads the operator endpoints the way `pnpm ops` and `pnpm mail:outbox` do.

import { TEST_OPERATOR_TOKEN } from "@notes/test-support/database-mode";
import { baseUrl } from "./api";

export async function opsCall(method: string, path: string): Promise<Response> {
  return fetch(`${baseUrl()}${path}`, {
    method,
    headers: { Authorization: `Bearer ${TEST_OPERATOR_TOKEN}` },
  });
}

export async function readOutbox(): Promise<{ to: string; subject: string; body: string }[]> {
  const res = await opsCall("GET", "/ops/v1/outbox");
  return ((await res.json()) as { mails: { to: string; subject: string; body: string }[] }).mails;
}

/** The code of the newest verification mail to `to` (the outbox lists newest first). */
export async function verificationCodeFor(to: string): Promise<string> {
  const code = (await readOutbox())
    .filter((m) => m.to === to)
    .map((m) => m.body.match(/code into the app: (\S+)/)?.[1])
    .find((c) => c !== undefined);
  if (!code) throw new Error(`no verification code was mailed to ${to}`);
  return code;
}
