// Key transparency in the web app (issue 34): the SDK checks every key before it is
// pinned (packages/client trust/key-transparency.ts); this module configures it for this
// browser (the witnesses it trusts, the last head it saw, kept across reloads) and runs
// the account's self-audit and the owner's roster audit for the session's life, turning
// every warning into words for the banner at once.
import {
  type ApiClient,
  type KeyTransparencyWarning,
  keyTransparencyFor,
  type Session,
  watchOwnAccount,
  watchOwnRosters,
} from "@notes/client";
import { KT_THRESHOLD, KT_WITNESSES } from "./kt-witnesses";

/** The banner's slug while key transparency has something to tell the person. */
export const KT_ALERT = "KeyTransparencyAlert";

const HEAD_KEY = (accountId: string) => `notes.kt-head.${accountId}`;

export function ktWarningText(warning: KeyTransparencyWarning): string {
  switch (warning.kind) {
    case "self-audit":
      return warning.reason === "foreign-key"
        ? "The server's public key log lists a key for your account that none of your devices made. Someone may be trying to read what people share with you. Do not share anything new; compare safety numbers with the people you share with, and tell whoever runs this server."
        : "This device could not confirm that the server's public key log holds your account's keys as you made them. Do not share anything new until it can; if this stays, tell whoever runs this server.";
    case "stale":
      return `The server has not published its public key log for ${Math.round(warning.ageMs / 60_000)} minutes. Until it does, no one new's keys can be checked, so sharing with someone new waits.`;
    case "log":
      return "The server showed this device a public key log that contradicts what it showed before or to someone else. Someone's keys may be false: do not share anything new, and tell whoever runs this server.";
    case "roster":
      return ROSTER_TEXT[warning.reason];
  }
}

/** Words for what the roster checks find (issue 34, rosters in the log). */
const ROSTER_TEXT: Record<Extract<KeyTransparencyWarning, { kind: "roster" }>["reason"], string> = {
  "roster-withheld":
    "The server is hiding a newer list of who may read a shared note: the public key log holds a change its owner signed that this device was not shown. Nothing was shared from the older list. Ask the note's owner who is on it; if this stays, tell whoever runs this server.",
  "roster-fork":
    "The server shows this device a different list of who may read a shared note than the one in the public key log, so other members may be shown another one. Nothing was shared from it. Ask the note's owner who is on it, and tell whoever runs this server.",
  "not-logged":
    "A change you made to who may read a note has not reached the public key log, so the server could still show the note's members the list from before. Check who is on the note again in a few minutes; if this stays, tell whoever runs this server.",
};

/** Starts the checks for `session`; answers a stop function. */
export function watchKeyTransparency(
  api: ApiClient,
  session: Session,
  onNotice: (text: string) => void,
): () => void {
  const storage = globalThis.localStorage;
  const stored = storage?.getItem(HEAD_KEY(session.account.id));
  const kt = keyTransparencyFor(api, {
    witnesses: KT_WITNESSES,
    threshold: KT_THRESHOLD,
    ...(stored && { lastHead: JSON.parse(stored) }),
    onHead: (head) => storage?.setItem(HEAD_KEY(session.account.id), JSON.stringify(head)),
    onWarning: (warning) => onNotice(ktWarningText(warning)),
  });
  const stopAccount = watchOwnAccount(kt, api, session);
  const stopRosters = watchOwnRosters(kt, api, session);
  return () => {
    stopAccount();
    stopRosters();
  };
}
