// Where the account is signed in (one session per device or browser), as Settings
// lists it, and ending any other of those sessions.
import type { ApiClient, Output } from "@notes/client";

export type SessionRow = Output<"sessions.list">["sessions"][number];

export class AccountSessions {
  constructor(private readonly api: ApiClient) {}

  async list(): Promise<SessionRow[]> {
    return (await this.api.call("sessions.list", {})).sessions;
  }

  /** Signs another device out: its next request answers 401. */
  async revoke(id: string): Promise<void> {
    await this.api.call("sessions.revoke", { id });
  }
}
