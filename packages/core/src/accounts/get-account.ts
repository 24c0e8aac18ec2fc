import type { Core } from "../core";
import type { Caller } from "../types";
import { type AccountView, accountEtag, accountView } from "./account-view";
import { getAccountRow } from "./find-account";

export async function getAccount(
  core: Core,
  caller: Caller,
): Promise<{ account: AccountView; etag: string }> {
  const account = accountView(await getAccountRow(core.db, caller.accountId));
  return { account, etag: accountEtag(account) };
}
