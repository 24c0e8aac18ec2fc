// Bounds on client key material (contract.md §2).
import { z } from "zod";
import { base64Bytes } from "./common";

export const authKey = base64Bytes(32, 32, "Base64 of the client-derived auth key");
export const wrappedKey = base64Bytes(1, 256, "Base64 of a wrapped key");
export const kdfSalt = base64Bytes(16, 64, "Base64 of the PBKDF2 salt");
export const kdfIterations = z.int().min(600_000).max(10_000_000);
export const identifier = z
  .string()
  .min(1)
  .max(254)
  .meta({ description: "A handle (`^[a-z0-9_]{3,32}$` after lower-casing) or an e-mail address" });
