// The Account resource (interface.md §2.2) and the authentication response built
// from an account row, plus the strong ETag a PATCH is held to.
import { createHash } from "node:crypto";
import type { accounts } from "@notes/db";
import { toBase64 } from "../shared/base64";
import { CEILINGS, tierOf } from "./tier";

type AccountRow = typeof accounts.$inferSelect;

export interface AccountView {
  id: string;
  handle?: string;
  email?: string;
  emailVerified: boolean;
  /** An address asked for and not yet verified; `email` stays until it is. */
  pendingEmail?: string;
  discoverableByEmail: boolean;
  passkeys: { offerEnrolment: boolean };
  subscription: {
    status: string;
    cancelAtPeriodEnd: boolean;
    plan?: string;
    currentPeriodEnd?: string;
  };
  tier: "free" | "subscribed" | "complimentary";
  usage: { accountBytes: number; maxAccountBytes: number; noteCount: number };
}

export interface KeysView {
  kdfIterations: number;
  kdfSalt: string;
  publicKey?: string;
  recoveryWrappedMasterKey: string;
  wrappedMasterKey: string;
  wrappedPrivateKey?: string;
  /** The Ed25519 key the account's clients sign content with; absent until set. */
  signingPublicKey?: string;
}

export interface AuthResponse {
  account: AccountView;
  keys: KeysView;
  token: string;
  /** Presented as `Device-Token` on later sign-ins: this device's own limit (sessions/device-token.ts). */
  deviceToken: string;
}

export function accountView(row: AccountRow): AccountView {
  const tier = tierOf(row);
  return {
    id: row.id,
    ...(row.handle !== null && { handle: row.handle }),
    ...(row.email !== null && { email: row.email }),
    emailVerified: row.emailVerified,
    ...(row.pendingEmail !== null && { pendingEmail: row.pendingEmail }),
    discoverableByEmail: row.discoverableByEmail,
    // contract.md §11: false once the offer was declined or any passkey enrolled;
    // both set this flag (passkeys/enrolment-offer.ts).
    passkeys: { offerEnrolment: !row.passkeyOfferDeclined },
    subscription: {
      status: row.subscriptionStatus,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      ...(row.subscriptionPlan !== null && { plan: row.subscriptionPlan }),
      ...(row.currentPeriodEnd !== null && {
        currentPeriodEnd: row.currentPeriodEnd.toISOString(),
      }),
    },
    tier,
    usage: {
      accountBytes: row.accountBytes,
      maxAccountBytes: CEILINGS[tier],
      noteCount: row.noteCount,
    },
  };
}

export function keysView(row: AccountRow): KeysView {
  return {
    kdfIterations: row.kdfIterations,
    kdfSalt: toBase64(row.kdfSalt),
    ...(row.publicKey && { publicKey: toBase64(row.publicKey) }),
    recoveryWrappedMasterKey: toBase64(row.recoveryWrappedMasterKey),
    wrappedMasterKey: toBase64(row.wrappedMasterKey),
    ...(row.wrappedPrivateKey && { wrappedPrivateKey: toBase64(row.wrappedPrivateKey) }),
    ...(row.signingPublicKey && { signingPublicKey: toBase64(row.signingPublicKey) }),
  };
}

/** Strong validator of the representation: any visible change gives a new ETag. */
export function accountEtag(view: AccountView): string {
  const digest = createHash("sha256").update(JSON.stringify(view)).digest("base64url");
  return `"${digest.slice(0, 22)}"`;
}
