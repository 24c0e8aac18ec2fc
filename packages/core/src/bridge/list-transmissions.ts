// One page of the bridge, newest first (interface.md §4.1). The same path serves
// first load, history and gap repair: a client pages back until it reaches the
// seq it last saw. Page size defaults to, and is coerced down to, 100.
import { bridgeMessages } from "@notes/db";
import { desc, lt } from "drizzle-orm";
import type { Core } from "../core";
import type { Caller } from "../types";
import { requireBridgeAccess } from "./access";
import { currentEpoch } from "./current-epoch";
import { decodeBridgeToken, encodeBridgeToken } from "./page-token";
import { selectTransmissions, type Transmission, toTransmission } from "./transmission";

export const BRIDGE_PAGE_MAX = 100;

export interface BridgePage {
  messages: Transmission[];
  nextPageToken: string;
  currentEpoch?: string;
}

export async function listTransmissions(
  core: Core,
  caller: Caller,
  query: { pageToken?: string | undefined; pageSize?: number | undefined },
): Promise<BridgePage> {
  await requireBridgeAccess(core.db, caller.accountId);
  const before = query.pageToken ? decodeBridgeToken(query.pageToken) : undefined;
  const size = Math.min(query.pageSize ?? BRIDGE_PAGE_MAX, BRIDGE_PAGE_MAX);
  const found = await selectTransmissions(core.db)
    .where(before === undefined ? undefined : lt(bridgeMessages.seq, before))
    .orderBy(desc(bridgeMessages.seq))
    .limit(size + 1);
  const page = found.slice(0, size).map(toTransmission);
  const last = page.at(-1);
  const epoch = await currentEpoch(core.db);
  return {
    messages: page,
    nextPageToken: found.length > size && last ? encodeBridgeToken(last.seq) : "",
    ...(epoch !== undefined && { currentEpoch: epoch }),
  };
}
