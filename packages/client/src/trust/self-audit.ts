// Self-audit (issue 34): the device checks that the log holds exactly its own account's
// keys. Every version of the account's binding must hold only keys this device derives
// (its sharing key, its signing key) or none, each must name the one before, and the
// newest must be the one the published tree proves. A key the account never published
// there means the server showed, or can show, others a key it holds: the person is told
// at once (KeyTransparency's onWarning), in words the app chooses.
import { bindingCommitment, equalBytes, fromBase64 } from "@notes/keytrans";
import type { ApiClient } from "../api/client";
import { KeyTransparencyFailed } from "../errors";
import type { Session } from "../vault/session";
import type { KeyTransparency, KeyTransparencyWarning } from "./key-transparency";

export type SelfAuditResult =
  | { status: "ok"; epoch: number; version: number }
  | { status: "not-logged" }
  | { status: "failed"; warning: Extract<KeyTransparencyWarning, { kind: "self-audit" }> };

export async function auditOwnAccount(
  kt: KeyTransparency,
  api: ApiClient,
  session: Session,
): Promise<SelfAuditResult> {
  const accountId = session.account.id.toLowerCase();
  const fail = (
    reason: "foreign-key" | "history" | "proof",
    detail: string,
    epoch: number,
  ): SelfAuditResult => {
    const warning = { kind: "self-audit" as const, reason, detail, epoch };
    kt.warn(warning);
    return { status: "failed", warning };
  };
  let logged: Awaited<ReturnType<KeyTransparency["provenBinding"]>>;
  try {
    logged = await kt.provenBinding(accountId);
  } catch (error) {
    if (error instanceof KeyTransparencyFailed && error.reason !== "stale")
      return fail("proof", error.message, kt.head?.epoch ?? 0);
    throw error;
  }
  if (!logged) return { status: "not-logged" };
  const own = { sharing: session.keyPair.publicKey, signing: session.signingKeyPair.publicKey };
  // Up to the epoch proven (a later one may have closed since).
  const { versions: served } = await api.call("keyTransparency.history", { id: accountId });
  const versions = served.filter((v) => v.epoch <= logged.epoch);
  let prev: Uint8Array = new Uint8Array(32);
  for (const [i, v] of versions.entries()) {
    const binding = {
      version: v.version,
      prev: fromBase64(v.prev),
      ...(v.publicKey && { publicKey: fromBase64(v.publicKey) }),
      ...(v.signingPublicKey && { signingPublicKey: fromBase64(v.signingPublicKey) }),
    };
    if (binding.publicKey && !equalBytes(binding.publicKey, own.sharing))
      return fail(
        "foreign-key",
        `version ${v.version} (epoch ${v.epoch}) binds a sharing key this account never published`,
        v.epoch,
      );
    if (binding.signingPublicKey && !equalBytes(binding.signingPublicKey, own.signing))
      return fail(
        "foreign-key",
        `version ${v.version} (epoch ${v.epoch}) binds a signing key this account never published`,
        v.epoch,
      );
    if (v.version !== i + 1 || !equalBytes(binding.prev, prev))
      return fail("history", `version ${v.version} does not follow the one before`, v.epoch);
    prev = bindingCommitment(accountId, fromBase64(v.opening), binding);
  }
  if (versions.length !== logged.version || !equalBytes(prev, logged.commitment))
    return fail(
      "history",
      `the history served ends elsewhere than the binding the tree of epoch ${logged.epoch} proves`,
      logged.epoch,
    );
  return { status: "ok", epoch: logged.epoch, version: logged.version };
}

/**
 * Self-audit now, after every new epoch this device adopts, and a look at the newest
 * head every `intervalMs` (default one minute) so new epochs and a frozen log are seen.
 * Answers a stop function.
 */
export function watchOwnAccount(
  kt: KeyTransparency,
  api: ApiClient,
  session: Session,
  options: {
    intervalMs?: number;
    /** First delay before auditing again while the account is not logged yet (doubles). */
    retryMs?: number;
    onResult?: (result: SelfAuditResult) => void;
  } = {},
): () => void {
  let chain: Promise<unknown> = Promise.resolve();
  let audited = 0;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let retryMs = options.retryMs ?? 1_000;
  const audit = (epoch?: number) => {
    chain = chain
      .then(async () => {
        // An epoch the last audit already covered is not audited twice.
        if (stopped || (epoch !== undefined && epoch <= audited)) return;
        const result = await auditOwnAccount(kt, api, session);
        audited =
          result.status === "ok"
            ? result.epoch
            : result.status === "failed"
              ? result.warning.epoch
              : audited;
        options.onResult?.(result);
        // The account's keys are not in the log yet (published moments ago): look again
        // soon, backing off, rather than a whole interval later.
        if (result.status === "not-logged" && !stopped) {
          retry = setTimeout(() => audit(), retryMs);
          retryMs = Math.min(retryMs * 2, options.intervalMs ?? 60_000);
        }
      })
      .catch(() => {
        // A stale or unreachable log was already reported as a warning (or will be).
      });
  };
  const unsubscribe = kt.onEpoch(audit);
  audit();
  const timer = setInterval(() => {
    kt.refreshHead().catch(() => {});
  }, options.intervalMs ?? 60_000);
  return () => {
    stopped = true;
    unsubscribe();
    clearInterval(timer);
    if (retry) clearTimeout(retry);
  };
}
