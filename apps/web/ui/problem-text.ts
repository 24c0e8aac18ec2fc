// What a person reads when the server refuses: one calm sentence per problem type
// of the catalogue (a unit test keeps the two in step), and a fallback for the rest.
import { isProblem } from "@notes/client";
import { PINS_NOT_READ_TEXT, PINS_WITHHELD_TEXT } from "../vault/key-pins-carrier";
import { type KeyFlow, keyFailureText } from "./key-failure-text";
import { aboutDuration } from "./wording";

export const PROBLEM_TEXT: Record<string, string> = {
  "invalid-request": "Something in the form is not valid. Check the highlighted fields.",
  "body-not-json": "The app sent a malformed request. Reload the page and try again.",
  "body-too-large": "This is too large to save. Split the note into smaller ones.",
  "no-session": "Your session has ended. Sign in again.",
  "credential-rejected": "That password is not right.",
  "authentication-failed": "The handle, e-mail or password is not right.",
  "passkey-refused": "The passkey was not accepted. Try again or use your password.",
  "identifier-taken": "That handle or e-mail is already in use. Choose another.",
  "note-not-found": "This note does not exist or is not shared with you.",
  "note-deleted": "This note was deleted.",
  "note-exists": "A note with this id already exists.",
  "view-only": "You can read this note but not change it.",
  "owner-required": "Only the note's owner can do that.",
  "owner-cannot-leave": "You own this note, so you cannot leave it. Delete it instead.",
  "free-storage-full": "Your free storage is full. Delete notes or upgrade to keep saving changes.",
  "storage-full": "Your storage is full. Delete notes to keep saving changes.",
  "premium-required": "This needs a premium plan.",
  "bridge-access-required": "This needs access to the bridge.",
  "subscription-active": "You already have an active subscription.",
  "no-subscription": "There is no subscription to change.",
  "no-billing-profile": "There is no billing profile for this account yet.",
  "billing-unavailable": "Billing is not available right now. Try again later.",
  "no-such-device": "That passkey is no longer enrolled.",
  "no-such-handshake": "That device link has expired. Start again.",
  "handshake-state": "That device link is in the wrong step. Start again.",
  "not-sealed": "The other device has not finished yet.",
  "user-not-found": "No one with that handle or e-mail was found.",
  "keypair-exists": "This account already has a sharing key.",
  "signing-key-exists":
    "This account already has a different signing key than the one this device derives. Sign out and in again; if it persists, tell us.",
  "no-keypair": "That person has not set up sharing yet.",
  "stale-compaction": "The note changed meanwhile; it will be tidied up later.",
  "precondition-failed": "This changed elsewhere meanwhile. Review and try again.",
  "precondition-required": "The app must reload this first. Try again.",
  "unknown-value": "The app sent a value the server does not know. Update the app.",
  "no-tree-head":
    "The server has not published its key log yet, so no one's keys can be checked. Try again in a minute.",
  "unknown-witness": "This server does not take cosignatures from that witness.",
  "rate-limited": "Too many attempts. Wait a moment and try again.",
  "feedback-allowance":
    "You have used this year's feedback allowance. Thank you for all of it! You can write again later.",
  internal: "Something went wrong on our side. Try again; if it persists, tell us.",
  "at-capacity": "The service is busy right now. Your work is kept; try again shortly.",
  "not-found": "That page or resource does not exist.",
  "method-not-allowed": "The app made a request the server does not accept. Update the app.",
  "link-not-found": "There is no such link. Check that it was copied whole.",
  "link-exists": "That link id was taken just now. Try again.",
  "link-expired": "This link has expired.",
  "link-used-up": "This link has been opened as many times as its owner allowed.",
  "link-revoked": "The owner took this link back.",
  "link-access-refused": "That password is not right.",
  "link-limit":
    "A free account keeps 10 links at a time. Revoke one you no longer need, or upgrade for more.",
  "link-not-following": "This link shows the note as it was; make a new link for newer text.",
  "attachment-not-found": "That file is no longer on the server, or has not finished arriving.",
  "attachment-exists": "That file is already being added; it will carry on where it stopped.",
  "attachment-state":
    "That file cannot do this in its current state; wait for its upload to finish.",
  "direct-transfer-unavailable":
    "This server keeps files itself; the file goes through it instead. Try again.",
};

/** The client's own errors (by name, as the SDK and the vault raise them). */
export const CLIENT_ERROR_TEXT: Record<string, string> = {
  ShareLinkForged:
    "What the server sent for this link is not what its owner shared (or the password is wrong). Nothing of it is shown.",
  ShareLinkMalformed:
    "This link is incomplete: the part after # is missing or damaged. Ask for the link again.",
  RollbackDetected:
    "The server sent an older copy of a note than this device has already seen, or one with changes missing. The older copy was not used: your note here stays as it was. If this happens again, the server (or whoever runs it) may be tampering with your notes.",
  CompactionIncomplete:
    "Someone tidied up a shared note and the tidied copy leaves out changes this device had from other people. It was not used here. The note's owner can get the earlier content back from the note's history.",
  RetiredKeyContent:
    "A change to a shared note was sealed with the key the note used before someone was removed, and no one still on the note signed it. It was left out: a key that was taken away can no longer write here. If this happens again, the removed person (with the server's help) is trying to write into the note.",
  KeyPinsWithheld: PINS_WITHHELD_TEXT,
  KeyPinsNotRead: PINS_NOT_READ_TEXT,
  KeyHandoutRefused:
    "The server sent a new key for a note that its owner did not hand to you (it is not signed by them, or it is an older one). It was not used: the note keeps the key it had, so nothing you write can be read by whoever made that key. The note may not update until its owner's app sends a signed key. If this happens again, the server (or whoever runs it) may be trying to read your note.",
  RosterChainRefused:
    "The list of who may read this note, as its owner signed it, did not check out (an entry was changed, missing or older than one this device saw). Nothing was changed and no one was given the note's key. If this happens again, the server (or whoever runs it) may be trying to add or restore someone.",
  UpdatesMissing:
    "Some changes to a shared note have not reached this device: what arrived continues from further on than what came before it. The server may be leaving changes out. What arrived is kept, and the rest is shown once it comes.",
  InvalidRecoveryCode: "That recovery code is not valid. Check it and try again.",
  NotAMember: "That is the note's owner; the owner always has access.",
  MemberKeyUnavailable:
    "Someone on this note can no longer be found by handle or e-mail, so the note cannot be re-sealed for them. Remove them, or ask them to set a handle.",
  NoteUnavailable: "This note is not on this device any more.",
  DeviceLinkForged:
    "The answer to this link did not come from your signed-in device, so nothing in it was used. Start a new link there. If this happens again, someone between your devices (the server, or whoever runs it) is tampering with device links.",
  KeyTransparencyFailed:
    "The key the server gives for this person is not the one in the public key log, or the log could not be checked. Nothing was shared, trusted or marked verified. Try again in a minute; if this stays, the server (or whoever runs it) may be showing you a key that is not theirs.",
  PublicKeyChanged:
    "The server gave a different key for this person than the one this device saw before, so nothing was shared. Compare your safety number with them before trusting the new key.",
  PasskeyPrfUnsupported:
    "This browser or passkey cannot unlock encrypted notes (it lacks the PRF extension). Keep using your password.",
  PasskeyAccountUnknown:
    "This device does not know which account that passkey is for. Enter your handle, then choose “Sign in with a passkey” again.",
  NotAllowedError: "The passkey prompt was closed or timed out. Try again when you are ready.",
  InvalidStateError: "This passkey is already enrolled for your account.",
  InvalidLinkCode: "That is not a device-link code. Copy it again from your signed-in device.",
  ClaimerProofRefused:
    "A device that did not read this code answered the link. Nothing was shared; start a new link.",
};

/** The date `seconds` from now, written out ("12 March 2027"). */
function dayAfter(seconds: number): string {
  return new Date(Date.now() + seconds * 1000).toLocaleDateString(undefined, {
    dateStyle: "long",
  });
}

/**
 * A sentence for any error: a problem's own text, keys that would not open (in the
 * words of `flow`, where they were being opened), or a network/unknown fallback.
 */
export function describeError(error: unknown, flow?: KeyFlow): string {
  if (isProblem(error)) {
    const text = PROBLEM_TEXT[error.slug] ?? error.title;
    if (error.slug === "rate-limited" && error.retryAfter)
      return text.replace("a moment", aboutDuration(error.retryAfter));
    if (error.slug === "feedback-allowance" && error.retryAfter)
      return text.replace("later", `on ${dayAfter(error.retryAfter)}`);
    return text;
  }
  if (error instanceof TypeError) return "Cannot reach the server. Check your connection.";
  const keys = keyFailureText(error, flow);
  if (keys) return keys;
  const own = error instanceof Error ? CLIENT_ERROR_TEXT[error.name] : undefined;
  if (own) return own;
  return "Something went wrong. Try again.";
}
