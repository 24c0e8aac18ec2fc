// The note state resource (interface.md §2.3) from stored rows, as the caller
// sees it. Tombstones (deleted, or the caller removed or gone) carry no ciphertext,
// and nothing live either: the versions and time frozen when the caller lost the
// note (sharing/revoke-members.ts) and a memberCount of 0. Their ciphertext is not
// even read, so it never counts towards a page's byte cut.
// Signature blocks (issue 21, signed content) travel beside what they sign and only
// with it: the snapshot's with the snapshot, the metadata's with the metadata, and
// `updateSignatures` aligned with `updates` (null for an unsigned one), left out when
// no update on the entry is signed. They are not ciphertext: no byte cut counts them.
import { type Queryable, rows } from "@notes/db";
import { type SQL, sql } from "drizzle-orm";
import { toBase64 } from "../shared/base64";

export interface NoteState {
  deleted: boolean;
  id: string;
  memberCount: number;
  metadata?: string;
  role: "owner" | "editor" | "viewer" | "revoked";
  seq: number;
  snapshot?: string;
  snapshotVersion: number;
  updatedAt: string;
  updates: string[];
  version: number;
  wrappedCek?: string;
  /** The key handout (issue 33): the owner's signature over the wrap, and its roster epoch. */
  wrappedCekSignature?: string;
  wrappedCekEpoch?: number;
  snapshotSignature?: string;
  metadataSignature?: string;
  updateSignatures?: (string | null)[];
  /** On a deletion's tombstone: the owner's signature block over it (issue 33, item 3). */
  deletionSignature?: string;
}

/** An update as stored: its ciphertext and its signature block, if signed. */
export interface StoredUpdate {
  data: Uint8Array;
  signature: Uint8Array | null;
}

export interface NoteRow {
  id: string;
  deleted: boolean;
  role: NoteState["role"];
  seq: number;
  memberCount: number;
  metadata: Uint8Array | null;
  metadataSignature: Uint8Array | null;
  snapshot: Uint8Array | null;
  snapshotSignature: Uint8Array | null;
  snapshotVersion: number;
  version: number;
  updatedAt: Date;
  /** The owner's signature over the note's deletion, read for deleted notes only. */
  deletionSignature: Uint8Array | null;
  wrappedCek: Uint8Array | null;
  wrapSignature: Uint8Array | null;
  wrapEpoch: number | null;
}

/** Selects the caller's view of notes; `filter` narrows the member rows. */
export async function selectNoteRows(
  q: Queryable,
  accountId: string,
  filter: SQL,
  withSnapshot: boolean,
  limit?: number,
  order: "ascending" | "descending" = "ascending",
) {
  const live = sql`m.role <> 'revoked'`;
  const found = await rows<Record<string, unknown>>(
    q,
    sql`select n.id, n.deleted, m.role, m.seq,
               case when ${live} then n.metadata end as metadata,
               case when ${live} then n.metadata_signature end as metadata_signature,
               ${withSnapshot ? sql`case when ${live} then n.snapshot end` : sql`null`} as snapshot,
               ${withSnapshot ? sql`case when ${live} then n.snapshot_signature end` : sql`null`} as snapshot_signature,
               case when ${live} then n.snapshot_version else m.revoked_snapshot_version end as snapshot_version,
               case when ${live} then n.version else m.revoked_version end as version,
               case when ${live} then n.updated_at else m.revoked_at end as updated_at,
               case when n.deleted then n.deletion_signature end as deletion_signature,
               m.wrapped_cek, m.wrap_signature, m.wrap_epoch,
               case when ${live} then (select count(*) from note_members c
                 where c.note_id = n.id and c.role <> 'revoked') else 0 end as member_count
        from note_members m join notes n on n.id = m.note_id
        where m.account_id = ${accountId} and ${filter}
        order by m.seq ${order === "descending" ? sql`desc` : sql``}
        ${limit === undefined ? sql`` : sql`limit ${limit}`}`,
  );
  return found.map(
    (r): NoteRow => ({
      id: String(r.id),
      deleted: Boolean(r.deleted),
      role: r.role as NoteRow["role"],
      seq: Number(r.seq),
      memberCount: Number(r.member_count),
      metadata: (r.metadata as Uint8Array | null) ?? null,
      metadataSignature: (r.metadata_signature as Uint8Array | null) ?? null,
      snapshot: (r.snapshot as Uint8Array | null) ?? null,
      snapshotSignature: (r.snapshot_signature as Uint8Array | null) ?? null,
      snapshotVersion: Number(r.snapshot_version),
      version: Number(r.version),
      updatedAt: new Date(r.updated_at as string | Date),
      deletionSignature: (r.deletion_signature as Uint8Array | null) ?? null,
      wrappedCek: (r.wrapped_cek as Uint8Array | null) ?? null,
      wrapSignature: (r.wrap_signature as Uint8Array | null) ?? null,
      wrapEpoch: r.wrap_epoch === null || r.wrap_epoch === undefined ? null : Number(r.wrap_epoch),
    }),
  );
}

/** The updates above each note's snapshot, in order, keyed by note id. */
export async function selectUpdates(
  q: Queryable,
  noteIds: string[],
): Promise<Map<string, StoredUpdate[]>> {
  const byNote = new Map<string, StoredUpdate[]>();
  if (noteIds.length === 0) return byNote;
  const found = await rows<{ note_id: string; data: Uint8Array; signature: Uint8Array | null }>(
    q,
    sql`select note_id, data, signature from note_updates
        where note_id = any(string_to_array(${noteIds.join(",")}, ',')::uuid[])
        order by note_id, version`,
  );
  for (const r of found) {
    const list = byNote.get(r.note_id) ?? [];
    list.push({ data: r.data, signature: r.signature ?? null });
    byNote.set(r.note_id, list);
  }
  return byNote;
}

/** `updateSignatures` for `updates`: aligned, null where unsigned; absent when none is signed. */
export function updateSignatures(updates: StoredUpdate[]): (string | null)[] | undefined {
  if (!updates.some((u) => u.signature)) return undefined;
  return updates.map((u) => (u.signature ? toBase64(u.signature) : null));
}

export function toNoteState(row: NoteRow, updates: StoredUpdate[]): NoteState {
  const tombstone = row.deleted || row.role === "revoked";
  const signatures = tombstone ? undefined : updateSignatures(updates);
  return {
    deleted: tombstone,
    id: row.id,
    memberCount: row.memberCount,
    ...(!tombstone && row.metadata && { metadata: toBase64(row.metadata) }),
    role: tombstone ? "revoked" : row.role,
    seq: row.seq,
    ...(!tombstone && row.snapshot && { snapshot: toBase64(row.snapshot) }),
    snapshotVersion: row.snapshotVersion,
    updatedAt: row.updatedAt.toISOString(),
    updates: tombstone ? [] : updates.map((u) => toBase64(u.data)),
    version: row.version,
    ...(!tombstone && row.wrappedCek && { wrappedCek: toBase64(row.wrappedCek) }),
    ...(!tombstone &&
      row.wrappedCek &&
      row.wrapSignature &&
      row.wrapEpoch !== null && {
        wrappedCekSignature: toBase64(row.wrapSignature),
        wrappedCekEpoch: row.wrapEpoch,
      }),
    ...(!tombstone &&
      row.snapshot &&
      row.snapshotSignature && { snapshotSignature: toBase64(row.snapshotSignature) }),
    ...(!tombstone &&
      row.metadata &&
      row.metadataSignature && { metadataSignature: toBase64(row.metadataSignature) }),
    ...(signatures && { updateSignatures: signatures }),
    ...(row.deleted &&
      row.deletionSignature && { deletionSignature: toBase64(row.deletionSignature) }),
  };
}

export const noteEtag = (state: NoteState) => `W/"${state.version}.${state.seq}"`;
