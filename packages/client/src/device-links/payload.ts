// The sealed transfer payload (contract.md §9): UTF-8 JSON {"masterKey": Base64,
// "token": string} sealed under the ECDH key, plus "sealerProof" (Base64, docs/
// client-crypto.md "Authenticated device-link seal") from devices that prove the seal
// is theirs, and "seen" (Base64 seen heads, linked-heads.ts: what the signed-in device
// saw of each note, issue 33 item 12). Readers ignore unknown members, so a claimer of
// §9 alone still reads it.
import { fromBase64, KEY_BYTES, toBase64, utf8Decode, utf8Encode } from "@notes/crypto";
import { UnexpectedResponse } from "../errors";

export interface LinkPayload {
  masterKey: Uint8Array;
  token: string;
  /** Absent only in seals from devices made before the proof existed, or forged ones. */
  sealerProof?: Uint8Array;
  /** The signed-in device's seen heads (linked-heads.ts), Base64; absent from older devices. */
  seen?: string;
}

export function encodeLinkPayload(payload: LinkPayload): Uint8Array {
  return utf8Encode(
    JSON.stringify({
      masterKey: toBase64(payload.masterKey),
      token: payload.token,
      ...(payload.sealerProof && { sealerProof: toBase64(payload.sealerProof) }),
      ...(payload.seen !== undefined && { seen: payload.seen }),
    }),
  );
}

export function decodeLinkPayload(bytes: Uint8Array): LinkPayload {
  const parsed = JSON.parse(utf8Decode(bytes)) as {
    masterKey?: unknown;
    token?: unknown;
    sealerProof?: unknown;
    seen?: unknown;
  };
  if (typeof parsed.masterKey !== "string" || typeof parsed.token !== "string") {
    throw new UnexpectedResponse("the device-link payload lacks the master key or the token");
  }
  const masterKey = fromBase64(parsed.masterKey);
  if (masterKey.length !== KEY_BYTES) {
    throw new UnexpectedResponse("the device-link payload's master key is not 32 bytes");
  }
  return {
    masterKey,
    token: parsed.token,
    ...(typeof parsed.sealerProof === "string" && {
      sealerProof: fromBase64(parsed.sealerProof),
    }),
    ...(typeof parsed.seen === "string" && { seen: parsed.seen }),
  };
}
