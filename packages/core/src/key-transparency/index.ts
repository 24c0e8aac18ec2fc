export { DEFAULT_KT_CONFIG, type KeyTransparencyConfig, ktKeys } from "./config";
export { addCosignature } from "./cosign";
export { enqueueBinding } from "./enqueue";
export { type EpochJob, startEpochJob } from "./epoch-job";
export {
  consistencyBetween,
  epochChanges,
  findLookupProof,
  headsAfter,
  lookupProof,
  ownBindingHistory,
  publishedHead,
  withLookupProofs,
} from "./read";
export { findRosterProof, rosterProof } from "./roster-proof";
export { type ClosedEpoch, runEpoch } from "./run-epoch";
export { seenHeadsProof } from "./seen-proof";
