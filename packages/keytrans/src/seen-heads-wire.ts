// The seen-heads proof as JSON (GET /v1/account/seen-heads, `keyTransparency`), Base64
// for bytes as every other proof of the log: inclusion carries `opening`, `counter` and
// `digest`; absence carries neither, and `otherIndex` with `otherCommitment` when the
// search ended at another leaf.
import { toBase64 } from "./bytes";
import type { SeenHeadsProof } from "./seen-heads-leaf";
import { wireBytes as b64, MalformedKeyTransparency, wireCount as whole } from "./wire";

export interface SeenHeadsProofJson {
  epoch: number;
  vrfProof: string;
  siblings: string[];
  opening?: string;
  counter?: number;
  digest?: string;
  otherIndex?: string;
  otherCommitment?: string;
}

export function parseSeenHeadsProof(json: SeenHeadsProofJson): SeenHeadsProof {
  if (!Array.isArray(json.siblings) || json.siblings.length > 256)
    throw new MalformedKeyTransparency("siblings is not a list of at most 256");
  const proof: SeenHeadsProof = {
    epoch: whole(json.epoch, "epoch"),
    vrfProof: b64(json.vrfProof, 80, "vrfProof"),
    siblings: json.siblings.map((s, i) => b64(s, 32, `siblings[${i}]`)),
  };
  if (json.opening !== undefined || json.counter !== undefined || json.digest !== undefined) {
    if (json.otherIndex !== undefined || json.otherCommitment !== undefined)
      throw new MalformedKeyTransparency("a proof is of inclusion or of absence, not both");
    proof.logged = {
      opening: b64(json.opening, 16, "opening"),
      counter: whole(json.counter, "counter"),
      digest: b64(json.digest, 32, "digest"),
    };
  } else if (json.otherIndex !== undefined || json.otherCommitment !== undefined) {
    proof.other = {
      index: b64(json.otherIndex, 32, "otherIndex"),
      commitment: b64(json.otherCommitment, 32, "otherCommitment"),
    };
  }
  return proof;
}

export function seenHeadsProofToJson(proof: SeenHeadsProof): SeenHeadsProofJson {
  return {
    epoch: proof.epoch,
    vrfProof: toBase64(proof.vrfProof),
    siblings: proof.siblings.map(toBase64),
    ...(proof.logged && {
      opening: toBase64(proof.logged.opening),
      counter: proof.logged.counter,
      digest: toBase64(proof.logged.digest),
    }),
    ...(proof.other && {
      otherIndex: toBase64(proof.other.index),
      otherCommitment: toBase64(proof.other.commitment),
    }),
  };
}
