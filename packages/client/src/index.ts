// @notes/client: the typed /v1 client and the end-to-end-encrypted vault. Keys and
// plaintext stay in this process; the server sees auth keys, wrapped keys and sealed
// envelopes only.

export {
  type ApiClient,
  type ApiClientOptions,
  createApiClient,
  type FetchLike,
} from "./api/client";
export { ApiProblem, type FieldProblem, isProblem } from "./api/problem";
export { createTrpcApiClient, TRPC_PATH, type TrpcApiClientOptions } from "./api/trpc-client";
export type {
  Account,
  AuthResponse,
  Input,
  NoteCoordinates,
  NoteState,
  Output,
  ProcedurePath,
} from "./api/types";
export {
  type AttachmentRecord,
  attachmentStream,
  type ChunkOpener,
  type ChunkSealer,
  downloadAttachment,
  type FileSource,
  type NewFile,
  type OpenedAttachment,
  openAttachment,
  openAttachmentRecord,
  removeAttachment,
  renameAttachment,
  resumeUpload,
  rewrapAttachmentKeys,
  type TransferOptions,
  type TransferProgress,
  type UploadOptions,
  uploadAttachment,
} from "./attachments";
export {
  type BridgeKeyring,
  type BridgeNewcomer,
  type BridgeWelcome,
  type HandoutCheck,
  loadBridgeKeys,
  loadHeldEpochs,
  sealToMembersLacking,
  startEpoch,
} from "./bridge/bridge-keys";
export {
  type BridgeEntry,
  BridgeLog,
  BridgeNeedsSession,
  type BridgePageView,
  type BridgeSignatureCheck,
  type BridgeState,
  NoBridgeKey,
  NotLackingBridgeKey,
  type Transmission,
} from "./bridge/bridge-log";
export {
  type BridgeMemory,
  type BridgeMemoryJson,
  MemoryBridgeMemory,
  type NumberedEpoch,
} from "./bridge/bridge-memory";
export {
  answerDeviceLink,
  claimDeviceLink,
  type DeviceLinkClaim,
  type LinkSeal,
  readDeviceLinkSeal,
} from "./device-links/join-by-link";
export {
  formatLinkCode,
  InvalidLinkCode,
  type LinkCode,
  linkQrText,
  parseLinkCode,
} from "./device-links/link-code";
export {
  ClaimerProofRefused,
  type DeviceLinkProgress,
  type OpenedDeviceLink,
  openDeviceLink,
  readDeviceLink,
  sealDeviceLink,
} from "./device-links/share-with-new-device";
export {
  type ChainRefusal,
  ClientError,
  CompactionIncomplete,
  DeviceLinkForged,
  ForeignSigningKey,
  type ForgedSealReason,
  type HandoutRefusal,
  KeyHandoutRefused,
  KeyPinsNotRead,
  KeyPinsWithheld,
  KeyPublicationNeedsPassword,
  KeypairWithheld,
  KeyTransparencyFailed,
  MemberKeyUnavailable,
  MissingKeyMaterial,
  NotAMember,
  PublicKeyChanged,
  RetiredKeyContent,
  RollbackDetected,
  type RollbackKind,
  RosterChainRefused,
  type SeenHeadsRollbackKind,
  SeenHeadsRolledBack,
  ServedStateRefused,
  UnexpectedResponse,
  UpdatesMissing,
  WeakKdfParameters,
} from "./errors";
export { ContentKeyring, type KeyringListener } from "./keys/content-keyring";
export { exportKeyring, importKeyring, type StoredKeyring } from "./keys/keyring-storage";
export { type Opened, openWithKeys } from "./keys/open-with-keys";
export { type FeedEvents, FeedSocket, type FeedSocketOptions } from "./live/feed-socket";
export {
  LiveRoom,
  type LiveRoomEvents,
  type LiveRoomOptions,
  MAX_FRAME_BYTES,
} from "./live/live-room";
export type {
  ConnectionState,
  ReconnectOptions,
  StopReason,
} from "./live/reconnecting-socket";
export {
  CLOSE,
  type SocketEvent,
  type WebSocketConstructor,
  type WebSocketLike,
} from "./live/web-socket";
export { writeMarkdown } from "./markdown/from-markdown";
export { type FrontMatter, splitFrontMatter } from "./markdown/front-matter";
export { type TitledBody, takeHeadingTitle } from "./markdown/heading-title";
export {
  buildNotesZip,
  type ExportedFile,
  exportFileName,
  markdownFileName,
} from "./markdown/notes-zip";
export {
  ATTACHMENT_NODE,
  ATTR,
  MARK,
  type MarkAttributes,
  type MarkName,
  NODE,
  type NodeAttributes,
  type NodeName,
} from "./markdown/schema";
export {
  attachmentIdsOf,
  fragmentToMarkdown,
  type LinkedFile,
  type LinkedFiles,
  noteToMarkdown,
} from "./markdown/to-markdown";
export { type AcknowledgedAppend, afterAppend } from "./notes/after-append";
export { COMPACTION_THRESHOLD, compactIfDue, compactNote } from "./notes/compact";
export { type CreateNoteInput, createNote, prepareNote } from "./notes/create-note";
export { deleteNote } from "./notes/delete-note";
export { editNote, NoteEditor } from "./notes/editor";
export { healUpdate } from "./notes/heal";
export { newNoteDoc } from "./notes/note-doc";
export { keysOf } from "./notes/note-keys";
export { openNote } from "./notes/open-note";
export {
  isRemoteOrigin,
  LIVE_ORIGIN,
  type OpenNote,
  REMOTE_ORIGIN,
} from "./notes/open-state";
export { plainText } from "./notes/plain-text";
export { type PreviousContent, readPreviousCompaction } from "./notes/previous-compaction";
export { refreshNote } from "./notes/refresh-note";
export {
  type DocWoken,
  isDocOpen,
  noteState,
  noteStateVector,
  restDoc,
  restingNote,
  withNoteDoc,
} from "./notes/resting-doc";
export { isTransient, withRetry } from "./notes/retry";
export {
  listRevisions,
  MAX_DELTA_DEPTH,
  openRevision,
  openSignedRevision,
  type RevisionBase,
  type RevisionDescriptor,
  restoreRevision,
  storeRevision,
} from "./notes/revisions";
export {
  sealNoteMetadata,
  sealRevision,
  sealSnapshot,
  sealUpdates,
} from "./notes/seal-content";
export { appendParagraph, CONTENT_FRAGMENT, readText, writeText } from "./notes/text";
export { browserWebAuthn, webAuthnAvailable } from "./passkeys/browser-webauthn";
export {
  type EnrolledDevice,
  type EnrolPasskeyInput,
  enrolPasskey,
} from "./passkeys/enrol-passkey";
export { PasskeyAccountUnknown, PasskeyPrfUnsupported } from "./passkeys/passkey-errors";
export {
  type PasskeySession,
  type PasskeySignInInput,
  signInWithPasskey,
} from "./passkeys/sign-in-with-passkey";
export {
  type KeptPasskeyWrap,
  passkeyPrfInput,
  unlockWithPasskey,
} from "./passkeys/unlock-with-passkey";
export type {
  AssertionJSON,
  CreationOptionsJSON,
  RegistrationJSON,
  RequestOptionsJSON,
  WebAuthn,
} from "./passkeys/webauthn";
export { ROUTES } from "./routes.generated";
export {
  createShareLink,
  type NewShareLink,
  type ShareLink,
  sealForLink,
} from "./share-links/create-share-link";
export {
  type ListedShareLink,
  listShareLinks,
  resealShareLinks,
  revokeAllShareLinks,
  revokeShareLink,
} from "./share-links/manage-share-links";
export {
  type OpenedShareLink,
  openShareLink,
  probeShareLink,
  type ShareLinkProbe,
} from "./share-links/open-share-link";
export { renderSharedText } from "./share-links/render-shared-text";
export {
  ShareLinkForged,
  type ShareLinkForgedReason,
  ShareLinkMalformed,
} from "./share-links/share-link-errors";
export { readShareLinkUrl, SHARE_LINK_PATH, shareLinkUrl } from "./share-links/share-link-url";
export { downloadSharedImage, type SharedImage } from "./share-links/shared-images";
export { addMember, type NewMember } from "./sharing/add-member";
export { changeRole } from "./sharing/change-role";
export { leaveNote } from "./sharing/leave-note";
export { listMembers, type Member, type Roster } from "./sharing/list-members";
export { memberPublicKeys, PublicKeyDirectory } from "./sharing/public-key-directory";
export { removeMember } from "./sharing/remove-member";
export { type ResolvedUser, resolveUser, type UserQuery } from "./sharing/resolve-user";
export type { RosterChange } from "./sharing/roster-change";
export { readAgainstChain, type SignedRoster, signedRoster } from "./sharing/signed-roster";
export type { RosterOptions } from "./sharing/write-roster";
export {
  type ListedNote,
  listNotesMetadata,
  type MetadataPassOptions,
} from "./sync/metadata-pass";
// Issue 33, items 3, 6 and 13: signed deletions, set-aside notes, metadata revisions.
export type { NoteNotOpened, NotOpenedReason, UnconfirmedRemoval } from "./sync/sync-engine";
export {
  type NoteSummary,
  SyncEngine,
  type SyncEngineOptions,
  type SyncProgress,
  type SyncResult,
  yieldToEventLoop,
} from "./sync/sync-engine";
export {
  type AccountSeenHeadsOptions,
  type ReadSeenHeads,
  readAccountSeenHeads,
  startFromAccountSeenHeads,
  uploadAccountSeenHeads,
} from "./trust/account-seen-heads";
export { mergeHeads, raiseSeenStates } from "./trust/account-seen-heads-merge";
export type { Authorship, SignerTrust } from "./trust/authorship";
export {
  confirmRemoval,
  expectDeparture,
  judgeTombstone,
  type TombstoneVerdict,
} from "./trust/deletion-check";
export {
  DELETION_KIND,
  deletionMessage,
  signDeletion,
  verifyDeletion,
} from "./trust/deletion-signature";
export {
  type HandoutVerdict,
  isShared,
  judgeHandout,
  keyStatesOf,
  ownerOf,
} from "./trust/key-handouts";
export {
  type KeyPins,
  type KeyPinsListener,
  MemoryKeyPins,
  type PinnedKey,
} from "./trust/key-pins";
export {
  type KeyPinsStatus,
  keyPinsStatus,
  onKeyPinsStatus,
  requireKeyPinsRead,
  trustKeysAfresh,
} from "./trust/key-pins-gate";
export {
  exportKeyPinShards,
  importKeyPinShard,
  onSeenKeyPinGenerations,
  rememberKeyPinGenerations,
  seenKeyPinGenerations,
} from "./trust/key-pins-shard-memory";
export { accountSharesNotes } from "./trust/key-pins-shares";
export {
  exportKeyPins,
  importKeyPins,
  type KeyPinConflict,
  mergeKeyPins,
  mergePin,
} from "./trust/key-pins-storage";
export {
  type KeyPinsSyncOptions,
  type KeyPinsSyncResult,
  syncKeyPins,
} from "./trust/key-pins-sync";
export {
  KeyTransparency,
  type KeyTransparencyOptions,
  type KeyTransparencyWarning,
  keyTransparencyFor,
  type LoggedRoster,
  type VerifiedKeys,
} from "./trust/key-transparency";
export { type NoteKeyState, NoteKeyStates, parseNoteKeyStates } from "./trust/note-key-states";
export { noteOwnerOf, rememberNoteOwner } from "./trust/note-owners";
export { type KnownRoster, rememberRoster, rosterOf } from "./trust/note-rosters";
export {
  acceptKeyChange,
  checkSeenKey,
  keyFingerprint,
  keyPinsOf,
  markVerified,
  pendingSigningKey,
  pinFromRoster,
} from "./trust/pin-check";
export {
  auditOwnRoster,
  ownSignedRosters,
  type RosterAuditResult,
  watchOwnRosters,
} from "./trust/roster-audit";
export { type ChainHead, readChainHead, verifyChain } from "./trust/roster-chain";
export { checkChainLogged } from "./trust/roster-log";
export { safetyNumberWith } from "./trust/safety-number";
export { compareSeenHead, seenHeadOf } from "./trust/seen-heads";
export {
  SEEN_HEADS_UPLOAD_INTERVAL_MS,
  SeenHeadsUploader,
  type SeenHeadsUploaderOptions,
} from "./trust/seen-heads-uploader";
export type { LeftNote, UnconfirmedReason } from "./trust/seen-states";
export {
  MemorySeenStates,
  parseSeenStates,
  type SeenState,
  type SeenStates,
  updateDigest,
} from "./trust/seen-states";
export { auditOwnAccount, type SelfAuditResult, watchOwnAccount } from "./trust/self-audit";
export { checkServedMetadata, recordServedMetadata, revisionOf } from "./trust/served-metadata";
export { clocksOf, holdAcknowledged, seenStatesOf } from "./trust/served-state";
export { signEnvelope, signerOf } from "./trust/sign-content";
export { checkSignature, type SignatureCheck } from "./trust/signature-check";
export { type ChangePasswordInput, changePassword } from "./vault/change-password";
export { type RecoverInput, recover } from "./vault/recover";
export { replaceRecoveryKey } from "./vault/replace-recovery-key";
export { MIN_KDF_ITERATIONS, type Session, type WrapOpener } from "./vault/session";
export { type SignInInput, signIn } from "./vault/sign-in";
export { signOut } from "./vault/sign-out";
export { type SignUpInput, type SignUpResult, signUp } from "./vault/sign-up";
export { ensureSigningKeyPublished } from "./vault/unlock";
