import { z } from "zod";
import { base64Bytes, base64Out, dateTime } from "./common";
import { signatureOut } from "./signatures";

/** contract.md §11: an opaque fingerprint of at most 64 characters, compared verbatim. */
export const epochId = z.string().min(1).max(64).meta({
  description: "Fingerprint of the bridge key (contract.md §9: url-safe Base64, 22 chars)",
});

export const transmissionSchema = z
  .object({
    seq: z.int().meta({ description: "The bridge's total order; the page cursor" }),
    body: base64Out,
    epochId: z.string(),
    createdAt: dateTime,
    authorId: z
      .uuid()
      .optional()
      .meta({ description: "Absent once the author's account is deleted" }),
    authorHandle: z.string().optional().meta({
      description:
        "The author's handle as it is now (beyond interface.md §2.7, like a revision's authorHandle); absent when the author has none or the account is deleted",
    }),
    signature: signatureOut("`body`").optional(),
  })
  .meta({ id: "BridgeTransmission" });

export const keyWrapSchema = z
  .object({
    epochId: z.string(),
    wrappedKey: base64Out,
    senderId: z
      .uuid()
      .optional()
      .meta({ description: "Who sealed it; absent once that account is deleted" }),
    createdAt: dateTime,
  })
  .meta({ id: "BridgeKeyWrap" });

export const wrappedKey = base64Bytes(
  1,
  256,
  "Base64 crypto_box_seal of the 32-byte bridge key to the recipient's public key",
);
