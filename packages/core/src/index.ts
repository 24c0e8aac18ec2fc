export * from "./accounts/account-view";
export { changePassword } from "./accounts/change-password";
export { createAccount } from "./accounts/create-account";
export { deleteAccount } from "./accounts/delete-account";
export { getAccount } from "./accounts/get-account";
export {
  type KeyPinShardView,
  keyPinShardEtag,
  listKeyPinShards,
  readKeyPinShard,
  replaceKeyPinShard,
} from "./accounts/key-pin-shards";
export { type KeyPinsView, keyPinsEtag, readKeyPins, replaceKeyPins } from "./accounts/key-pins";
export { lookupAuthParams } from "./accounts/lookup-auth-params";
export { lookupRecoveryKey } from "./accounts/lookup-recovery-key";
export { patchAccount } from "./accounts/patch-account";
export { recover } from "./accounts/recover";
export { replaceRecoveryKey } from "./accounts/replace-recovery-key";
export {
  readSeenHeads,
  replaceSeenHeads,
  type SeenHeadsView,
  seenHeadsEtag,
} from "./accounts/seen-heads";
export { sendVerificationEmail } from "./accounts/send-verification-email";
export { signIn } from "./accounts/sign-in";
export * from "./accounts/tier";
export { verifyEmail } from "./accounts/verify-email";
export * from "./analytics/record-event";
export {
  type AttachmentState,
  type AttachmentView,
  MAX_ATTACHMENT_SIZE,
  MAX_CHUNK_SIZE,
  MAX_METADATA_BYTES,
} from "./attachments/attachment-record";
export { type ChunkStore, postgresChunkStore } from "./attachments/chunk-store";
export { collectAbandonedUploads } from "./attachments/collect-uploads";
export { createAttachment, type NewAttachment } from "./attachments/create-attachment";
export {
  confirmStoredChunk,
  MAX_PRESIGNED_CHUNKS,
  PRESIGN_SECONDS,
  presignChunks,
} from "./attachments/direct-transfer";
export { finishAttachment } from "./attachments/finish-attachment";
export { putChunk } from "./attachments/put-chunk";
export { listAttachments, readAttachment, readChunk } from "./attachments/read-attachments";
export { removeAttachment } from "./attachments/remove-attachment";
export { type S3ChunkStoreConfig, s3ChunkStore } from "./attachments/s3-chunk-store";
export { type AttachmentChange, updateAttachment } from "./attachments/update-attachment";
export { type SubscriptionView, setCancelAtPeriodEnd } from "./billing/cancellation";
export { startCheckout } from "./billing/checkout";
export {
  type BillingConfig,
  CURRENCIES,
  DEFAULT_PRICES,
  PLANS,
  type PriceOverrides,
  type PriceTable,
  priceTable,
} from "./billing/config";
export { openPortal } from "./billing/portal";
export { listPrices, type PlanPrice } from "./billing/prices";
export { receiveWebhook, type WebhookReceipt } from "./billing/webhook";
export { bridgeAnnouncement } from "./bridge/announce";
export { currentEpoch } from "./bridge/current-epoch";
export { type KeyWrap, listKeyWraps, sealKeyToMember } from "./bridge/key-wraps";
export { BRIDGE_PAGE_MAX, type BridgePage, listTransmissions } from "./bridge/list-transmissions";
export { type BridgeRecipient, LACKING_PAGE, membersLacking } from "./bridge/members-lacking";
export { postTransmission } from "./bridge/post-transmission";
export { readTransmission } from "./bridge/read-transmission";
export { TRANSMISSION_BYTES, type Transmission } from "./bridge/transmission";
export * from "./core";
export { claimDeviceLink } from "./device-links/claim";
export { putClaimer } from "./device-links/claimer";
export { openDeviceLink } from "./device-links/open-link";
export { putSeal, readHandshake, readSeal } from "./device-links/seal";
export * from "./errors";
export { type Allowance, FEEDBACK_LIMIT, feedbackAllowance } from "./feedback/allowance";
export { FeedbackRelay } from "./feedback/relay";
export { type FeedbackCategory, submitFeedback } from "./feedback/submit";
export { checkHealth } from "./health";
export * from "./key-transparency";
export { getKeypair, putKeypair } from "./keypair/keypair";
export { putSigningKey, SIGNING_KEY_BYTES } from "./keypair/signing-key";
export * from "./mail/mailer";
export { type AppendQueue, appendQueue } from "./notes/append-queue";
export { appendUpdates } from "./notes/append-updates";
export { compactNote } from "./notes/compact-note";
export { createNote, type NoteCoordinates } from "./notes/create-note";
export { deleteNote } from "./notes/delete-note";
export { getNote } from "./notes/get-note";
export { listChanges } from "./notes/list-changes";
export { listMembers } from "./notes/list-members";
export type { NoteState } from "./notes/note-state";
export {
  discardPreviousCompaction,
  type PreviousCompaction,
  readPreviousCompaction,
} from "./notes/previous-compaction";
export { listRevisions, readRevision, storeRevision } from "./notes/revisions";
export * from "./ops/operator";
export * from "./ops/operator-guesses";
export { beginEnrolment, type CreationOptions } from "./passkeys/begin-enrolment";
export type { AssertionCredential, RegistrationCredential } from "./passkeys/credential";
export type { DeviceView } from "./passkeys/device-view";
export { declineEnrolmentOffer } from "./passkeys/enrolment-offer";
export { type Enrolment, finishEnrolment } from "./passkeys/finish-enrolment";
export {
  finishPasskey,
  type PasskeyAuthResponse,
  type PasskeySignIn,
} from "./passkeys/finish-sign-in";
export { deletePasskey, getPasskey, listPasskeys } from "./passkeys/manage-passkeys";
export {
  beginPasskey,
  challengePasskey,
  type RequestOptions,
} from "./passkeys/sign-in-options";
export { type Announcement, EVENTS_CHANNEL, SESSIONS_CHANNEL } from "./realtime/announce";
export { Announcer } from "./realtime/announcer";
export * as relayAccess from "./realtime/relay-access";
export {
  issueFeedTicket,
  issueRoomTicket,
  redeemTicket,
  type Ticket,
  type TicketGrant,
} from "./realtime/tickets";
export { authenticate, bearerToken } from "./sessions/authenticate";
export { listSessions } from "./sessions/list-sessions";
export { RequestBudget } from "./sessions/request-budget";
export { revokeSession, signOut } from "./sessions/revoke-session";
export { SessionCache } from "./sessions/session-cache";
export { createShareLink, type NewLink } from "./share-links/create-link";
export {
  type LinkAttachment,
  MAX_LINK_ATTACHMENTS,
  readLinkChunk,
} from "./share-links/link-attachments";
export {
  FREE_SHARE_LINKS,
  LINGER_SECONDS,
  type LinkState,
  type LinkView,
} from "./share-links/link-rows";
export { listShareLinks } from "./share-links/list-links";
export {
  type LinkProbe,
  type OpenedLink,
  openShareLink,
  probeShareLink,
} from "./share-links/open-link";
export { resealShareLink } from "./share-links/reseal-link";
export { revokeAllShareLinks, revokeShareLink } from "./share-links/revoke-links";
export {
  SIGNATURE_BLOCK_BYTES,
  SIGNATURE_LENGTH_RULE,
  SIGNER_RULE,
} from "./shared/signature-block";
export { leaveNote } from "./sharing/leave-note";
export { replaceMembers } from "./sharing/replace-members";
export { resolveUser } from "./sharing/resolve-user";
export type { LiveRole } from "./sharing/roster";
export { type ChainEntry, readRosterChain } from "./sharing/roster-chain";
export * from "./types";
