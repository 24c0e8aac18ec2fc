// What a person reads when keys cannot be opened, instead of "Something went
// wrong": which key failed, and what to do, for the flow they were in. The SDK and
// @notes/crypto raise these by name: DecryptionFailed (wrong key or altered data),
// MissingKeyMaterial (the server's answer lacks a key), WeakKdfParameters and
// InvalidKdfParameters (password hashing below contract.md §2's floor: the client
// stops before using the password), InvalidLength/InvalidEncoding (malformed keys).

/** Where keys were being opened: each has its own next step. */
export type KeyFlow = "password" | "passkey" | "recovery" | "device-link";

const UNOPENABLE = new Set([
  "DecryptionFailed",
  "MissingKeyMaterial",
  "InvalidLength",
  "InvalidEncoding",
]);
const WEAK_KDF = new Set(["WeakKdfParameters", "InvalidKdfParameters"]);

const WEAK_KDF_TEXT =
  "The server asked for weaker password protection than this app accepts, so the app stopped before using your password. This can mean the server was tampered with: do not sign in here, and tell whoever runs it.";

const UNOPENABLE_TEXT: Record<KeyFlow | "other", string> = {
  password:
    "Your password was accepted, but the keys to your notes could not be opened with it. Try again; if it happens again, recover the account with your recovery code.",
  passkey:
    "This passkey was recognised, but the keys to your notes could not be opened with it. Sign in with your password, then remove this passkey in Settings and add it again.",
  recovery:
    "Your recovery code was accepted, but the keys to your notes could not be opened with it. Try again; if it happens again, tell us: your notes stay sealed on the server.",
  "device-link":
    "The keys your other device sent could not be opened here, so nothing was shared. Start a new link on the signed-in device.",
  other:
    "A key could not be opened on this device: it does not match what the server holds. Reload the page; if it happens again, sign out and sign in.",
};

/** The sentence for a key failure, or undefined when `error` is not one. */
export function keyFailureText(error: unknown, flow?: KeyFlow): string | undefined {
  if (!(error instanceof Error)) return undefined;
  if (WEAK_KDF.has(error.name)) return WEAK_KDF_TEXT;
  if (UNOPENABLE.has(error.name)) return UNOPENABLE_TEXT[flow ?? "other"];
  return undefined;
}
