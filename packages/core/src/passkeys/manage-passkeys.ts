// The account's own passkeys: list (newest first), read one, forget one. A
// credential id of another account is answered exactly like an unknown one
// (404 no-such-device).
import { passkeys } from "@notes/db";
import { and, desc, eq } from "drizzle-orm";
import type { Core } from "../core";
import type { Caller } from "../types";
import { type DeviceView, deviceView } from "./device-view";
import { noSuchDevice } from "./errors";

const ownPasskey = (caller: Caller, id: string) =>
  and(eq(passkeys.id, id), eq(passkeys.accountId, caller.accountId));

export async function listPasskeys(core: Core, caller: Caller): Promise<DeviceView[]> {
  const found = await core.db
    .select()
    .from(passkeys)
    .where(eq(passkeys.accountId, caller.accountId))
    .orderBy(desc(passkeys.createdAt), desc(passkeys.id));
  return found.map(deviceView);
}

export async function getPasskey(core: Core, caller: Caller, id: string): Promise<DeviceView> {
  const [row] = await core.db.select().from(passkeys).where(ownPasskey(caller, id)).limit(1);
  if (!row) throw noSuchDevice();
  return deviceView(row);
}

export async function deletePasskey(core: Core, caller: Caller, id: string): Promise<void> {
  const deleted = await core.db
    .delete(passkeys)
    .where(ownPasskey(caller, id))
    .returning({ id: passkeys.id });
  if (deleted.length === 0) throw noSuchDevice();
}
