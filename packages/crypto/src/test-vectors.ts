// Test support (not exported): loads contract.md §9's known-answer vectors. Prefers the
// spec's own copy in `shared/` beside the repository (../../../../shared from src/) and
// falls back to the copy committed in test-vectors/ for clones without `shared/`.
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { fromBase64 } from "./base64";

export type CryptoVectors = typeof import("../test-vectors/crypto-vectors.json");

export const sharedVectorsPath = fileURLToPath(
  new URL("../../../../shared/spec/crypto-vectors.json", import.meta.url),
);
export const committedVectorsPath = fileURLToPath(
  new URL("../test-vectors/crypto-vectors.json", import.meta.url),
);

export const vectorsPath = existsSync(sharedVectorsPath) ? sharedVectorsPath : committedVectorsPath;

// The type comes from the committed copy; vectors.test.ts checks the shared one matches it.
export const vectors: CryptoVectors = JSON.parse(readFileSync(vectorsPath, "utf8"));

export const b64 = fromBase64;

export function hex(text: string): Uint8Array {
  return Uint8Array.from(text.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
}
