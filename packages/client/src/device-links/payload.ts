// The sealed transfer payload (contract.md §9): the master key and the minted token,
// as UTF-8 JSON {"masterKey": Base64, "token": string}, sealed under the ECDH key.
import { fromBase64, toBase64, utf8Decode, utf8Encode } from "@notes/crypto";
import { UnexpectedResponse } from "../errors";

export interface LinkPayload {
  masterKey: Uint8Array;
  token: string;
}

export function encodeLinkPayload(payload: LinkPayload): Uint8Array {
  return utf8Encode(
    JSON.stringify({ masterKey: toBase64(payload.masterKey), token: payload.token }),
  );
}

export function decodeLinkPayload(bytes: Uint8Array): LinkPayload {
  const parsed = JSON.parse(utf8Decode(bytes)) as { masterKey?: unknown; token?: unknown };
  if (typeof parsed.masterKey !== "string" || typeof parsed.token !== "string") {
    throw new UnexpectedResponse("the device-link payload lacks the master key or the token");
  }
  return { masterKey: fromBase64(parsed.masterKey), token: parsed.token };
}
