// Sign-up: stores the client's wrapped keys and scrypt hashes of its auth keys,
// then opens the first session. Unique indexes settle races for one identifier.
import { randomUUID } from "node:crypto";
import { accounts } from "@notes/db";
import type { Core } from "../core";
import { identifierTaken, invalidRequest } from "../errors";
import { mintDeviceToken } from "../sessions/device-token";
import { openSession } from "../sessions/open-session";
import { parseIdentifier } from "../shared/identifier";
import { enforce } from "../shared/rate-limit";
import { newSalt, scryptHash } from "../shared/secrets";
import { isUniqueViolation } from "../shared/unique-violation";
import type { RequestMeta } from "../types";
import { type AuthResponse, accountView, keysView } from "./account-view";

export interface NewAccount {
  identifier: string;
  authKey: Uint8Array;
  kdfIterations: number;
  kdfSalt: Uint8Array;
  recoveryAuthKey: Uint8Array;
  recoveryWrappedMasterKey: Uint8Array;
  wrappedMasterKey: Uint8Array;
}

export async function createAccount(
  core: Core,
  input: NewAccount,
  meta: RequestMeta,
): Promise<AuthResponse> {
  await enforce(core, `signup:ip:${meta.ip}`, core.config.limits.createAccountPerIp);
  const identifier = parseIdentifier(input.identifier);
  if (!identifier) {
    throw invalidRequest([
      {
        pointer: "/identifier",
        detail: "Use a handle of 3–32 letters, digits or underscores, or an e-mail address.",
      },
    ]);
  }
  const hashSalt = newSalt();
  const [authHash, recoveryHash] = await Promise.all([
    scryptHash(input.authKey, hashSalt),
    scryptHash(input.recoveryAuthKey, hashSalt),
  ]);
  try {
    return await core.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(accounts)
        .values({
          id: randomUUID(),
          [identifier.kind]: identifier.value,
          hashSalt,
          authHash,
          recoveryHash,
          kdfIterations: input.kdfIterations,
          kdfSalt: input.kdfSalt,
          wrappedMasterKey: input.wrappedMasterKey,
          recoveryWrappedMasterKey: input.recoveryWrappedMasterKey,
        })
        .returning();
      if (!row) throw new Error("insert returned no row");
      const { token } = await openSession(tx, row.id, meta);
      const deviceToken = mintDeviceToken(core, row.id);
      return { account: accountView(row), keys: keysView(row), token, deviceToken };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw identifierTaken(
        `That ${identifier.kind === "handle" ? "handle" : "e-mail address"} is already in use.`,
      );
    }
    throw error;
  }
}
