// The signed-in account as this tab knows it: fetched, patched against the version
// last seen (its ETag), refreshed by the feed while a screen shows it, and deleted.
// The Vault owns one per tab; `keep` hands each fresh account back to it.
import { type Account, type ApiClient, type Input, isProblem, type Session } from "@notes/client";
import { deriveAccountKeys, fromBase64, toBase64 } from "@notes/crypto";

export class AccountRecord {
  /** ETag of the account as this tab last saw it (GET/PATCH /v1/account). */
  private etag: string | undefined;
  /** Screens showing the account; the feed's `account` events refresh it only then. */
  private watchers = 0;

  constructor(
    private readonly api: ApiClient,
    private readonly keep: (account: Account) => void,
  ) {}

  /**
   * Keeps the account fresh while a screen shows it: the feed announces every profile,
   * tier or usage change, and usage moves with every edit, so nobody else refetches.
   */
  watch(): () => void {
    this.watchers += 1;
    void this.refresh().catch(() => undefined);
    return () => {
      this.watchers -= 1;
    };
  }

  /** The feed said the account changed: fetched again only if a screen shows it. */
  changed(): void {
    if (this.watchers > 0) void this.refresh().catch(() => undefined);
  }

  /** Fetches the account and remembers its ETag for the next PATCH. */
  async refresh(): Promise<Account> {
    const { body, headers } = await this.api.send("account.get", {});
    return this.set(body, headers.get("etag"));
  }

  /**
   * PATCH /v1/account against the version this tab last saw (If-Match), so a change
   * made elsewhere meanwhile is refused (412), not overwritten; the fresh account is
   * then fetched so the person sees what changed.
   */
  async patch(patch: Input<"account.patch">): Promise<Account> {
    if (!this.etag) await this.refresh();
    try {
      const { body, headers } = await this.api.send("account.patch", patch, {
        headers: { "If-Match": this.etag ?? "" },
      });
      return this.set(body, headers.get("etag"));
    } catch (error) {
      if (isProblem(error, "precondition-failed")) await this.refresh();
      throw error;
    }
  }

  /** Confirms the e-mail with the token the verification mail carries. */
  async verifyEmail(token: string): Promise<Account> {
    const { body, headers } = await this.api.send("account.verifyEmail", { token });
    return this.set(body, headers.get("etag"));
  }

  /** Sends (again) the mail that confirms the account's e-mail address. */
  async sendVerificationEmail(): Promise<void> {
    await this.api.call("account.sendVerificationEmail", {});
  }

  /** Deletes the account for good after re-deriving the auth key from the password. */
  async remove(session: Session, password: string): Promise<void> {
    const salt = fromBase64(session.kdfSalt);
    const keys = await deriveAccountKeys(password, salt, session.kdfIterations);
    await this.api.call("account.remove", { authKey: toBase64(keys.authKey) });
  }

  /** Signed out: the next account signing in here starts from its own version. */
  forget(): void {
    this.etag = undefined;
  }

  private set(account: Account, etag: string | null): Account {
    this.keep(account);
    this.etag = etag ?? undefined;
    return account;
  }
}
