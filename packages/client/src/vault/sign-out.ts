// Sign-out: revoke the token on the server and forget it locally.
import type { ApiClient } from "../api/client";
import type { Session } from "./session";

export async function signOut(api: ApiClient, session: Session): Promise<void> {
  await api.call("sessions.signOut", {});
  api.setToken(undefined);
  session.masterKey.fill(0);
  session.keyPair.privateKey.fill(0);
}
