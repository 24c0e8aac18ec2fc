// Typed errors the client raises on its own (server answers are ApiProblem). Callers
// branch on the class, never on message text.

export abstract class ClientError extends Error {}

/**
 * The server offered KDF parameters weaker than contract.md §2 allows. A malicious or
 * compromised server could otherwise make the password cheap to brute-force from the
 * auth key it receives, so the client refuses before hashing anything.
 */
export class WeakKdfParameters extends ClientError {
  override readonly name = "WeakKdfParameters";
  constructor(readonly kdfIterations: number) {
    super(`refusing kdfIterations ${kdfIterations}: the floor is 600000`);
  }
}

/** The server's answer lacks key material the client needs (e.g. no keypair). */
export class MissingKeyMaterial extends ClientError {
  override readonly name = "MissingKeyMaterial";
}

/**
 * A member's sharing public key could not be found: the roster names them by neither a
 * handle nor a discoverable address, and no PublicKeyDirectory entry holds their key.
 * Also raised when a handle now resolves to another account than the roster's.
 */
export class MemberKeyUnavailable extends ClientError {
  override readonly name = "MemberKeyUnavailable";
  constructor(readonly userId: string) {
    super(`no sharing public key known for member ${userId}`);
  }
}

/** A roster change names someone who is not a member (or the owner, who is implicit). */
export class NotAMember extends ClientError {
  override readonly name = "NotAMember";
  constructor(readonly userId: string) {
    super(`${userId} is not a member this change can apply to`);
  }
}

/** The server's answer lacks something the protocol promises (e.g. the roster ETag). */
export class UnexpectedResponse extends ClientError {
  override readonly name = "UnexpectedResponse";
}

export type ForgedSealReason = "unopenable" | "unproven" | "proof-mismatch";

/**
 * The device-link seal the server handed over did not come from the device that showed
 * the code: it does not open with the key agreed with this device ("unopenable"), it
 * carries no sealer proof ("unproven": forged, or made by a device from before sealer
 * proofs, which this client no longer accepts), or its proof was not made with the
 * code's secret ("proof-mismatch"). Either way the server (or someone between) tried
 * to hand this device a master key and session of its choosing; nothing from the seal
 * was used. Tell the person to start again from the signed-in device.
 */
export class DeviceLinkForged extends ClientError {
  override readonly name = "DeviceLinkForged";
  constructor(readonly reason: ForgedSealReason) {
    super(`the device-link seal did not come from the device that showed the code (${reason})`);
  }
}

/**
 * The server answered a sharing public key (or signing key) for `userId` other than the
 * one pinned when this account first saw them. An account's keypair never changes (the server refuses
 * a second one), so this is the server, or whoever runs it, asking to be sealed to:
 * nothing was sealed to the new key. Show both fingerprints and ask the person to
 * compare safety numbers with `userId` out of band; only if they confirm, await
 * acceptKeyChange(pins, userId, newPublicKey, newSigningPublicKey, keyTransparencyFor(api))
 * (refused unless the key-transparency log holds the new keys) and try again.
 */
export class PublicKeyChanged extends ClientError {
  override readonly name = "PublicKeyChanged";
  constructor(
    readonly userId: string,
    /** The pinned key's fingerprint, 30 digits in groups of five. */
    readonly pinnedFingerprint: string,
    /** The fingerprint of the key the server answered now. */
    readonly newFingerprint: string,
    readonly newPublicKey: Uint8Array,
    /** The signing key answered now, when it is what changed (or came with the change). */
    readonly newSigningPublicKey?: Uint8Array,
  ) {
    super(`the server answered different keys for ${userId} than the ones pinned`);
  }
}

/**
 * Key transparency refused what the server answered (issue 34, docs/key-transparency.md):
 * nothing was pinned or sealed. `reason` is packages/keytrans's refusal (a bad head
 * signature, too few witness cosignatures, a log that does not extend the one seen, a
 * fork, a VRF or inclusion proof that fails), or `not-logged` (no proof came within the
 * wait), `key-mismatch` (the log holds other keys than the ones answered: the server
 * showed a key it never logged), `stale` (the newest head is older than the freezing
 * bound) or `required` (no key-transparency check was available to pin with).
 */
export class KeyTransparencyFailed extends ClientError {
  override readonly name = "KeyTransparencyFailed";
  constructor(
    readonly reason: string,
    message: string,
    readonly userId?: string,
  ) {
    super(message);
  }
}

/** How a served copy of the account's seen heads was found older than it must be. */
export type SeenHeadsRollbackKind =
  /** Its counter is below the one the key-transparency log holds. */
  | "older-copy"
  /** Its counter is the logged one, its bytes are not (digest mismatch). */
  | "replaced-copy"
  /** No copy was served while the log holds one. */
  | "withheld"
  /** Its counter is below the highest this device uploaded or read before. */
  | "older-than-this-device"
  /** It does not open under the account's key at its counter (altered or relabelled). */
  | "unopenable";

/**
 * The account's seen heads (issue 33, item 12) were served older than the log or this
 * device shows they are: the server, or whoever runs it, may be serving this device
 * older copies of notes. Nothing of the copy was applied. Tell the person; a device
 * that goes on syncing takes whatever state the server serves.
 */
export class SeenHeadsRolledBack extends ClientError {
  override readonly name = "SeenHeadsRolledBack";
  constructor(
    readonly kind: SeenHeadsRollbackKind,
    /** The counter served (undefined when no copy was). */
    readonly served: number | undefined,
    /** The least counter the log or this device requires. */
    readonly expected: number,
  ) {
    super(
      `the account's seen heads were served ${served === undefined ? "not at all" : `at counter ${served}`} where at least ${expected} is known: ${kind}`,
    );
  }
}

/**
 * A note state the server served contradicts what this device already saw of the note
 * (issue 21, attacks 5 and 6). Nothing of it was applied: the note stays as this
 * device held it. Branch on the subclass; `noteId` names the note.
 */
export abstract class ServedStateRefused extends ClientError {
  abstract readonly noteId: string;
}

export type RollbackKind =
  /** A lower version than this device already saw. */
  | "older-version"
  /** A snapshot older than one this device already saw (snapshots only move forward). */
  | "older-snapshot"
  /** The state claims versions whose updates it does not carry. */
  | "missing-updates"
  /** The update at a version this device saw is not the one it saw then. */
  | "different-history"
  /**
   * Title and tags of a lower revision than this device saw, or an envelope of the same
   * revision it saw replaced (issue 33, item 6).
   */
  | "older-metadata"
  /** A live state of a note whose deletion its owner signed (issue 33, item 3). */
  | "after-deletion";

/**
 * The server served an older state of a note than this device has seen, or one with
 * updates missing or changed (attack 5): a rollback, which an honest server never
 * does (compaction, deletion, removal and a fresh device do not look like this). Tell
 * the person their note may be shown out of date and that the server, or whoever runs
 * it, sent an older copy; keep what this device holds.
 */
export class RollbackDetected extends ServedStateRefused {
  override readonly name = "RollbackDetected";
  constructor(
    readonly noteId: string,
    readonly kind: RollbackKind,
    /** What this device saw last. */
    readonly seen: { version: number; snapshotVersion: number },
    /** What the server served now. */
    readonly served: { version: number; snapshotVersion: number },
  ) {
    super(
      `note ${noteId}: served version ${served.version} (snapshot ${served.snapshotVersion}) ` +
        `after version ${seen.version} (snapshot ${seen.snapshotVersion}) was seen: ${kind}`,
    );
  }
}

/**
 * A compacted snapshot lacks content this device held from other writers (attack 6):
 * its state vector does not cover theirs, so adopting it would lose their edits here
 * too. It was not adopted. The note's owner can read what the compaction replaced
 * (readPreviousCompaction); tell the person an editor's tidy-up dropped others' work.
 */
export class CompactionIncomplete extends ServedStateRefused {
  override readonly name = "CompactionIncomplete";
  constructor(
    readonly noteId: string,
    readonly snapshotVersion: number,
    /** Writers (Yjs client ids) whose held edits the snapshot lacks, with the clocks. */
    readonly missing: { client: number; held: number; covered: number }[],
  ) {
    super(
      `note ${noteId}: the snapshot at version ${snapshotVersion} lacks edits of ${missing.length} writer(s) held here`,
    );
  }
}

/**
 * Content of the note opened only under a content key the note has since retired (its
 * key rotated when someone was removed), and no one still on the note signed it (issue
 * 21, attack 3): a removed member's key, perhaps with the server's help, wrote it. It
 * was left out; the rest of the note applied. `signerId` is who the signature names,
 * when it had one; `version` the update's version (absent for snapshot or metadata).
 */
export class RetiredKeyContent extends ServedStateRefused {
  override readonly name = "RetiredKeyContent";
  constructor(
    readonly noteId: string,
    readonly part: "snapshot" | "update" | "metadata",
    readonly version: number | undefined,
    readonly signerId: string | undefined,
  ) {
    super(
      `note ${noteId}: ${part}${version === undefined ? "" : ` ${version}`} was sealed with a retired key and not signed by anyone still on the note`,
    );
  }
}

/**
 * An update the server served continues a writer's edits from further on than this
 * device holds of that writer (issue 21, attack 5): an update between was left out of
 * what was served. What arrived was applied (Yjs holds the out-of-order part back
 * until the missing one comes); tell the person some changes may be missing.
 */
export class UpdatesMissing extends ServedStateRefused {
  override readonly name = "UpdatesMissing";
  constructor(
    readonly noteId: string,
    /** Per writer (Yjs client id): the clock this device holds, and where the update began. */
    readonly missing: { client: number; held: number; from: number }[],
  ) {
    super(
      `note ${noteId}: ${missing.length} writer(s) have updates missing before what was served`,
    );
  }
}

/**
 * The server's authentication answer has no sharing keypair for an account that cannot
 * lack one (issue 33, item 14): it has a published signing key, or notes. Every client
 * of this SDK publishes the keypair before either, and the account's content keys are
 * sealed to it, so a new keypair would open nothing and show the account empty. No
 * keypair was made and nothing was sent; the session was not opened. `evidence` says
 * what the answer itself gave away. Tell the person their keys were withheld, not lost.
 */
export class KeypairWithheld extends ClientError {
  override readonly name = "KeypairWithheld";
  constructor(readonly evidence: "signing-key" | "notes") {
    super(
      `the server answered no sharing keypair for an account that has ${evidence === "notes" ? "notes" : "a published signing key"}`,
    );
  }
}

/**
 * Publishing the account's first sharing keypair needs the password's auth key (issue
 * 33, item 9: a session token alone cannot publish keys), and this session was opened
 * without the password (a passkey, a device link). Nothing was made or sent: sign in
 * with the password once, which publishes it. A missing signing key does not raise
 * this; its publication waits for the next password sign-in.
 */
export class KeyPublicationNeedsPassword extends ClientError {
  override readonly name = "KeyPublicationNeedsPassword";
  constructor() {
    super("publishing the account's sharing keypair needs the password; none was made");
  }
}

/**
 * The server answered a signing key for this account other than the one its master key
 * derives (issue 33, item 9): a key this account never made, planted by the server or
 * published with a stolen session token before publication needed the password. The
 * session was refused so that nothing is signed or checked under it. A recovery code
 * cannot change it (it opens the same master key): tell the person to contact whoever
 * runs the server.
 */
export class ForeignSigningKey extends ClientError {
  override readonly name = "ForeignSigningKey";
  constructor(
    /** The key the server answered. */
    readonly published: Uint8Array,
  ) {
    super("the server holds a signing key for this account that its master key does not derive");
  }
}

/** Why a key handout was not adopted (issue 33; docs/client-crypto.md, "The signed group state"). */
export type HandoutRefusal =
  /** The wrap changed without the owner's signature over it. */
  | "unsigned"
  /** A signature that does not verify under the owner's pinned signing key, or names another signer. */
  | "forged"
  /** Signed, but at a roster epoch no newer than the key this device holds. */
  | "older-epoch"
  /** The key inside is one this note already retired. */
  | "retired-key"
  /** The wrap does not open with this account's private key. */
  | "unopenable"
  /** This device does not know the note's owner or their signing key yet. */
  | "unknown-owner";

/**
 * The server served a wrap of a content key that the note's owner did not hand out to
 * this account (issue 33, item 1): it was not adopted; the note keeps the key it had, so
 * nothing is sealed under a key the server could know. Show it: the note may not update
 * until its owner's client hands out a signed key.
 */
export class KeyHandoutRefused extends ServedStateRefused {
  override readonly name = "KeyHandoutRefused";
  constructor(
    readonly noteId: string,
    readonly reason: HandoutRefusal,
  ) {
    super(`note ${noteId}: a content key was not adopted (${reason})`);
  }
}

/** Why a served roster chain was refused (issue 33, item 2). */
export type ChainRefusal =
  /** An entry's signature does not verify under the owner's key, or names someone else. */
  | "forged"
  /** Entries out of order, for another note, or not linked to the one before. */
  | "broken"
  /** Shorter than the chain this device already verified. */
  | "rollback"
  /** Holds a different entry at an epoch this device verified. */
  | "fork"
  /**
   * Lacks the entry the key-transparency log holds as the chain's head (issue 34): the
   * server withholds a newer roster from this member (or stopped carrying the log's
   * proof for a note this device saw logged).
   */
  | "roster-withheld"
  /**
   * Holds another entry at the epoch the key-transparency log holds (issue 34): the
   * server shows members different chains.
   */
  | "roster-fork"
  /**
   * The role the server reports for this account is not the one the owner's verified
   * chain gives it: the note keeps the signed role (issue 33, item 3).
   */
  | "role-not-signed";

/**
 * The note's membership chain the server served does not check out (issue 33, item 2):
 * nothing from it was used, and no roster change was written from it.
 */
export class RosterChainRefused extends ServedStateRefused {
  override readonly name = "RosterChainRefused";
  constructor(
    readonly noteId: string,
    readonly reason: ChainRefusal,
    readonly epoch?: number,
  ) {
    super(
      `note ${noteId}: the roster chain was refused (${reason}${epoch === undefined ? "" : ` at epoch ${epoch}`})`,
    );
  }
}

/**
 * This device has not read the account's pinned keys from the server yet (issue 33,
 * item 4), so it pins no one it has not seen before: on a new device, a first sight
 * now could be a key the server substituted for someone another device verified. The
 * SDK ran or awaited the read (syncKeyPins) and it did not complete (`cause`). Nothing
 * was pinned or sealed; try again once the device is online.
 */
export class KeyPinsNotRead extends ClientError {
  override readonly name = "KeyPinsNotRead";
  constructor(
    readonly userId: string,
    options?: { cause?: unknown },
  ) {
    super(`no key pinned for ${userId} yet, and this device has not read its pins`, options);
  }
}

/**
 * The server answered no pinned keys (or only some shards of them) for an account that
 * shares notes (issue 33, item 4): its devices pinned the people it shares with, so an
 * empty answer is a lie, not a fresh start. Trust on first use does not start over: no
 * one new is pinned here until the pins come through (a later syncKeyPins) or the person
 * decides to trust keys afresh on this device (trustKeysAfresh). Tell them the server is
 * keeping their confirmed keys from this device.
 */
export class KeyPinsWithheld extends ClientError {
  override readonly name = "KeyPinsWithheld";
  constructor(readonly userId: string) {
    super(`no key pinned for ${userId}: the server is withholding this account's pins`);
  }
}
