// The `authKey` both key publications carry (issue 33, item 9): the password's current
// auth key, re-verified like account:changePassword's, so a session token alone cannot
// publish an account's keys. Required: a client publishes at sign-up, password sign-in
// or recovery, when it holds the key anyway.
import { base64Bytes } from "../../schemas/common";

export const publicationAuthKey = base64Bytes(
  32,
  32,
  "Base64 of the account's current auth key (the one its password derives, contract §9), re-verified as `account:changePassword` does: a session token alone cannot publish keys. A wrong one answers 401 `credential-rejected`",
);

/** What both operations' descriptions say of it. */
export const PUBLICATION_NEEDS_AUTH_KEY =
  "Needs `authKey`, the account's current auth key (a session token alone is not enough: a key published once is never replaced, so a stolen token could otherwise lock the owner out); a wrong one answers 401 `credential-rejected`, a missing one 400. A client holds it at sign-up, password sign-in and recovery; a session opened by a passkey or a device link has none and publishes at the next password sign-in.";
