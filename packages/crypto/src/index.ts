// @notes/crypto: the client-side scheme of contract.md §9. Pure primitives; libsodium
// is loaded once with loadSodium() and passed in. Plaintext and keys never leave here
// except to the caller.

export {
  type AccountKey,
  accountFingerprint,
  FINGERPRINT_DIGITS,
  groupDigits,
} from "./account-fingerprint";
export { type AccountKeys, deriveAccountKeys } from "./account-keys";
export { type AeadSodium, KEY_BYTES, NONCE_BYTES, TAG_BYTES } from "./aead";
export {
  ATTACHMENT_LABELS,
  type AttachmentLayout,
  type AttachmentMetadata,
  attachmentLayout,
  CHUNK_OVERHEAD,
  chunkAssociatedData,
  DEFAULT_CHUNK_BYTES,
  encodeAttachmentMetadata,
  fileKeyAssociatedData,
  generateFileKey,
  MAX_CHUNK_BYTES,
  MIN_CHUNK_BYTES,
  metadataAssociatedData,
  openAttachmentMetadata,
  openChunk,
  sealAttachmentMetadata,
  sealChunk,
  unwrapFileKey,
  wrapFileKey,
} from "./attachment";
export { padMetadata, padmeLength, unpadMetadata } from "./attachment-padding";
export { BASE32_ALPHABET, type Base32Result, fromBase32, toBase32 } from "./base32";
export { fromBase64, fromBase64Url, toBase64, toBase64Url } from "./base64";
export {
  assertEpochNumber,
  BRIDGE_HANDOUT_LABEL,
  type BridgeHandout,
  bridgeHandoutMessage,
  signBridgeHandout,
  verifyBridgeHandout,
} from "./bridge-handout";
export { type BridgeKey, generateBridgeKey, openBridgeKey, sealBridgeKey } from "./bridge-key";
export {
  BRIDGE_HEADER_BYTES,
  BRIDGE_MAX_TEXT_BYTES,
  type BridgeMessage,
  type BridgeMessageV2,
  decodeBridgeMessage,
  encodeBridgeMessage,
} from "./bridge-message";
export {
  BRIDGE_MAX_MESSAGE_BYTES,
  BRIDGE_PADDED_BYTES,
  padBridgeMessage,
  unpadBridgeMessage,
} from "./bridge-padding";
export { BRIDGE_BODY_BYTES, openTransmission, sealTransmission } from "./bridge-transmission";
export {
  readSignatureBlock,
  SIGNATURE_BLOCK_BYTES,
  SIGNED_KINDS,
  type SignedContext,
  type SignedKind,
  type Signer,
  signatureMessage,
  signContent,
  verifyContent,
} from "./content-signature";
export {
  claimerProof,
  generateLinkSecret,
  LINK_SECRET_BYTES,
  verifyClaimerProof,
} from "./device-link-proof";
export {
  deriveLinkKey,
  generateLinkKeyPair,
  LINK_NONCE_BYTES,
  type LinkKeyPair,
  openLinkPayload,
  sealLinkPayload,
} from "./device-link-seal";
export {
  SEALER_PROOF_BYTES,
  type SealedTransfer,
  sealerProof,
  verifySealerProof,
} from "./device-link-sealer-proof";
export { openEnvelope, openEnvelopeBytes, sealEnvelope, sealEnvelopeBytes } from "./envelope";
export { deriveEpochId } from "./epoch-id";
export {
  CryptoError,
  DecryptionFailed,
  InvalidAttachment,
  InvalidEncoding,
  InvalidKdfParameters,
  InvalidKeyPins,
  InvalidLength,
  InvalidLiveFrame,
  InvalidMetadata,
  InvalidNoteId,
  InvalidRecoveryCode,
  InvalidShareLinkContent,
  InvalidSignature,
  InvalidUserId,
  type RecoveryCodeProblem,
} from "./errors";
export { HKDF_LABELS, hkdfSha256 } from "./hkdf";
export { type Handout, handoutMessage, signHandout, verifyHandout } from "./key-handout";
export {
  type LiveFrame,
  type LiveFrameKind,
  openLiveFrame,
  SEEN_HEAD_BYTES,
  sealLiveFrame,
  sealSignedLiveUpdate,
  sealSignedSeenHead,
} from "./live-frame";
export {
  copyMetadata,
  decodeMetadata,
  encodeMetadata,
  type NoteMetadata,
  openMetadata,
  sealMetadata,
} from "./metadata";
export { noteAssociatedData } from "./note-id";
export { derivePasskeyWrapKey } from "./passkey-wrap-key";
export { pbkdf2Sha256 } from "./pbkdf2";
export {
  formatRecoveryCode,
  generateRecoveryKey,
  parseRecoveryCode,
  RECOVERY_KEY_BYTES,
} from "./recovery-code";
export { deriveRecoveryKeys, type RecoveryKeys } from "./recovery-keys";
export {
  memberKeysDigest,
  parseRosterEntry,
  type RosterEntry,
  type RosterMember,
  type RosterRole,
  rosterEntryHash,
  rosterMessage,
  type SignedRosterEntry,
  signRosterEntry,
  verifyRosterEntry,
} from "./roster-entry";
export { safetyNumber } from "./safety-number";
export { CEK_BYTES, openSealedCek, sealCek } from "./sealed-cek";
export { type SubtleCekOpener, subtleCekOpener } from "./sealed-cek-subtle";
export {
  decodeKeyPinShard,
  encodeKeyPinShard,
  KEY_PIN_SHARD_LABEL,
  KEY_PIN_SHARDS,
  type KeyPinShard,
  keyPinShardAssociatedData,
  keyPinShardOf,
  openKeyPinShard,
  sealKeyPinShard,
} from "./sealed-key-pin-shard";
export {
  decodeKeyPins,
  encodeKeyPins,
  KEY_PINS_LABEL,
  type KeyPinRecord,
  openKeyPins,
  sealKeyPins,
} from "./sealed-key-pins";
export {
  deriveSeenHeadsKey,
  MAX_SEALED_SEEN_HEADS_BYTES,
  MAX_SEEN_HEADS,
  openSeenHeads,
  SEEN_HEADS_HEAD_BYTES,
  sealSeenHeads,
  seenHeadsAssociatedData,
} from "./sealed-seen-heads";
export {
  decodeShareLinkContent,
  encodeShareLinkContent,
  openShareLinkContent,
  SHARE_LINK_CONTENT_VERSION,
  SHARE_LINK_LABEL,
  SHARE_LINK_MAX_IMAGES,
  type ShareLinkAuthor,
  type ShareLinkContent,
  type ShareLinkImage,
  sealShareLinkContent,
  shareLinkAssociatedData,
} from "./share-link-content";
export {
  decodeShareLinkKey,
  encodeShareLinkKey,
  generateShareLinkId,
  generateShareLinkKey,
  SHARE_LINK_ID_BYTES,
  SHARE_LINK_KEY_BYTES,
  shareLinkIdBytes,
} from "./share-link-id";
export {
  deriveShareLinkKeys,
  SHARE_LINK_LABELS,
  SHARE_LINK_MAX_ITERATIONS,
  SHARE_LINK_MIN_ITERATIONS,
  type ShareLinkKeys,
  type ShareLinkPassword,
  shareLinkAccessVerifier,
} from "./share-link-keys";
export {
  openShareLinkOwnerKeys,
  SHARE_LINK_KEYS_LABEL,
  type ShareLinkOwnerKeys,
  sealShareLinkOwnerKeys,
} from "./share-link-owner-keys";
export { signShareLink, verifyShareLink } from "./share-link-signature";
export {
  generateSharingKeyPair,
  SHARING_KEY_BYTES,
  type SharingKeyPair,
  sharingPublicKey,
} from "./sharing-keypair";
export {
  deriveSigningKeyPair,
  SIGNING_PUBLIC_KEY_BYTES,
  type SigningKeyPair,
} from "./signing-keypair";
export { loadSodium, type Sodium } from "./sodium";
export { utf8Decode, utf8Encode } from "./utf8";
export { bytesToUuid, uuidToBytes } from "./uuid-bytes";
export { generateKey, unwrapKey, wrapKey } from "./wrap-key";
