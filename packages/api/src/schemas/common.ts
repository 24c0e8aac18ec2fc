// Shared zod building blocks for request and response bodies.
import { z } from "zod";

const BASE64_CHARS = /^[A-Za-z0-9+/]*={0,2}$/;

/** Canonical standard Base64, checked in linear time (bodies run to megabytes). */
export function isBase64(s: string): boolean {
  return (
    s.length % 4 === 0 && BASE64_CHARS.test(s) && Buffer.from(s, "base64").toString("base64") === s
  );
}

/** Length of the padded Base64 of `bytes` bytes. */
const encodedLength = (bytes: number) => 4 * Math.ceil(bytes / 3);

/**
 * Standard Base64 (with padding) of `min`–`max` decoded bytes, parsed to bytes. The
 * document states the bounds twice: in words (decoded bytes, what the server
 * checks) and as the encoded string's length limits, which validators enforce.
 */
export function base64Bytes(
  min: number,
  max: number,
  description?: string,
  /** The length rule in the domain's words, instead of the generic one. */
  lengthRule?: string,
) {
  const bytes = min === max ? `${min} bytes` : `${min}–${max} bytes`;
  return z
    .string()
    .meta({
      description: description ? `${description} (${bytes} decoded)` : `Base64 of ${bytes}`,
      format: "byte",
      contentEncoding: "base64",
      minLength: encodedLength(min),
      maxLength: encodedLength(max),
    })
    .refine(isBase64, "Must be standard Base64 with padding.")
    .transform((s) => new Uint8Array(Buffer.from(s, "base64")))
    .refine((b) => b.length >= min && b.length <= max, {
      message:
        lengthRule ??
        (min === max
          ? `Must decode to exactly ${min} bytes.`
          : `Must decode to ${min}–${max} bytes.`),
    });
}

export const base64Out = z.string().meta({ format: "byte", description: "Base64" });
export const dateTime = z.string().meta({ format: "date-time" });
export const noInput = z.object({});
export const noOutput = z.void();
