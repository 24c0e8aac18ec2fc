// What a person reads when keys cannot be opened, instead of "Something went
// wrong": which key failed, and what to do, for the flow they were in. The SDK and
// @notes/crypto raise these by name: DecryptionFailed (wrong key or altered data),
// MissingKeyMaterial (the server's answer lacks a key), WeakKdfParameters and
// InvalidKdfParameters (password hashing below contract.md §2's floor: the client
// stops before using the password), InvalidLength/InvalidEncoding (malformed keys).
// Three say the server's answer about the account's own keys cannot be true or cannot
// be acted on (issue 33, items 9 and 14): KeypairWithheld, ForeignSigningKey and
// KeyPublicationNeedsPassword. Their words never send anyone to the recovery code,
// which opens the same keys and so cannot help.

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

const SERVER_KEY_TEXT: Record<string, string> = {
  KeypairWithheld:
    "The server answered that your account has no keys, yet it has notes, so they cannot be missing. This app stopped rather than make new keys, which would have shown your account empty: nothing was changed. Try again later; if it happens again, the server may be tampering with your account, so tell whoever runs it.",
  ForeignSigningKey:
    "The server holds a signing key for your account that your keys did not make, so this app stopped rather than sign your notes under it. Your recovery code cannot change this; tell whoever runs the server that someone else's key was put on your account.",
};

const NEEDS_PASSWORD_TEXT =
  "Your account's sharing keys are not set up yet, and setting them up needs your password. Sign in with your password once; after that this works too.";

/** The sentence for a key failure, or undefined when `error` is not one. */
export function keyFailureText(error: unknown, flow?: KeyFlow): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const serverKey = SERVER_KEY_TEXT[error.name];
  if (serverKey) return serverKey;
  if (error.name === "KeyPublicationNeedsPassword") return NEEDS_PASSWORD_TEXT;
  if (WEAK_KDF.has(error.name)) return WEAK_KDF_TEXT;
  if (UNOPENABLE.has(error.name)) return UNOPENABLE_TEXT[flow ?? "other"];
  return undefined;
}
