// The enrolled-device resource (interface.md §2.8) built from a passkeys row.
import type { passkeys } from "@notes/db";

type PasskeyRow = Pick<typeof passkeys.$inferSelect, "id" | "label" | "createdAt" | "lastUsedAt">;

export interface DeviceView {
  /** The credential id, url-safe Base64. */
  id: string;
  label: string;
  createdAt: string;
  /** Absent until the passkey first signs in. */
  lastUsedAt?: string;
}

export function deviceView(row: PasskeyRow): DeviceView {
  return {
    id: row.id,
    label: row.label,
    createdAt: row.createdAt.toISOString(),
    ...(row.lastUsedAt && { lastUsedAt: row.lastUsedAt.toISOString() }),
  };
}
