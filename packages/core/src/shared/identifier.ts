// Account identifiers (contract.md §2): a handle `^[a-z0-9_]{3,32}$` after
// lower-casing, or anything containing `@` as an e-mail of at most 254 characters.
export type Identifier = { kind: "handle"; value: string } | { kind: "email"; value: string };

const HANDLE = /^[a-z0-9_]{3,32}$/;
const EMAIL = /^[^\s@]+@[^\s@]+$/;

export function parseHandle(raw: string): string | undefined {
  const value = raw.toLowerCase();
  return HANDLE.test(value) ? value : undefined;
}

export function parseEmail(raw: string): string | undefined {
  const value = raw.toLowerCase();
  return value.length <= 254 && EMAIL.test(value) ? value : undefined;
}

export function parseIdentifier(raw: string): Identifier | undefined {
  if (raw.includes("@")) {
    const value = parseEmail(raw);
    return value ? { kind: "email", value } : undefined;
  }
  const value = parseHandle(raw);
  return value ? { kind: "handle", value } : undefined;
}

/** The form used for lookups and rate-limit keys of any identifier, valid or not. */
export function normaliseIdentifier(raw: string): string {
  return raw.trim().toLowerCase();
}
