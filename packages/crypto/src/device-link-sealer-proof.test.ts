// The sealer's proof against the independent vector, and the property the claimer
// relies on: change any bound field, or the secret, and it no longer verifies.
import { describe, expect, it } from "vitest";
import { fromBase64, toBase64 } from "./base64";
import { generateLinkSecret } from "./device-link-proof";
import {
  type SealedTransfer,
  sealerProof,
  sealerProofMessage,
  verifySealerProof,
} from "./device-link-sealer-proof";
import { InvalidLength } from "./errors";
import { lyingServerVectors } from "./lying-server-vectors";
import { hex } from "./test-vectors";

const v = lyingServerVectors.sealerProof;
const secret = fromBase64(v.secret);
const transfer: SealedTransfer = {
  linkId: v.linkId,
  sealerPubKey: fromBase64(v.sealerPubKey),
  claimerPubKey: fromBase64(v.claimerPubKey),
  masterKey: fromBase64(v.masterKey),
  token: v.token,
};

describe("sealerProof", () => {
  it("reproduces the vector's message and MAC", async () => {
    expect(sealerProofMessage(transfer)).toEqual(hex(v.messageHex));
    expect(toBase64(await sealerProof(secret, transfer))).toBe(v.sealerProof);
    expect(await verifySealerProof(secret, transfer, fromBase64(v.sealerProof))).toBe(true);
  });

  it("reads the link id in lower case, as the seal's associated data does", async () => {
    const upper = { ...transfer, linkId: v.linkId.toUpperCase() };
    expect(toBase64(await sealerProof(secret, upper))).toBe(v.sealerProof);
  });

  it("fails for another secret or any changed field", async () => {
    const proof = fromBase64(v.sealerProof);
    expect(await verifySealerProof(generateLinkSecret(), transfer, proof)).toBe(false);
    const flipped = (bytes: Uint8Array) => bytes.map((b, i) => (i === 0 ? b ^ 1 : b));
    const changed: SealedTransfer[] = [
      { ...transfer, linkId: "1b9f6d2e-58a1-4c57-9e0c-2f1d3a4b5c6d" },
      { ...transfer, sealerPubKey: flipped(transfer.sealerPubKey) },
      { ...transfer, claimerPubKey: flipped(transfer.claimerPubKey) },
      { ...transfer, masterKey: flipped(transfer.masterKey) },
      { ...transfer, token: `${transfer.token}x` },
    ];
    for (const other of changed) expect(await verifySealerProof(secret, other, proof)).toBe(false);
  });

  it("needs a 16-byte secret and a 32-byte master key", async () => {
    await expect(sealerProof(new Uint8Array(5), transfer)).rejects.toBeInstanceOf(InvalidLength);
    expect(() => sealerProofMessage({ ...transfer, masterKey: new Uint8Array(31) })).toThrow(
      InvalidLength,
    );
  });
});
