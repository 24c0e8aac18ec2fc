// The web app's passkey actions over @notes/client with the browser's WebAuthn:
// enrol (the master key wrapped under the PRF output), sign in (unlocked by the PRF
// output alone), and delete.
import {
  browserWebAuthn,
  type EnrolledDevice,
  enrolPasskey,
  type Output,
  signInWithPasskey,
} from "@notes/client";
import { forgetPasskeyHandle, passkeyHandle, rememberPasskeyHandle } from "./passkey-handles";
import type { Vault } from "./vault";

export type Passkey = Output<"passkeys.list">["passkeys"][number];

/** A name for the passkey from the browser's platform, e.g. "Passkey on Linux". */
export function defaultPasskeyLabel(): string {
  const data = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData;
  const platform = data?.platform || navigator.platform || "this device";
  return `Passkey on ${platform}`.slice(0, 100);
}

export async function addPasskey(vault: Vault, label: string): Promise<EnrolledDevice> {
  const device = await enrolPasskey(
    vault.api,
    { masterKey: vault.masterKey() },
    browserWebAuthn(),
    {
      label,
    },
  );
  const handle = vault.getState().account?.handle ?? vault.getState().identifier;
  if (handle) rememberPasskeyHandle(device.id, handle);
  // This passkey can unlock the app lock here, offline.
  await vault.keepPasskeyWrap({
    credentialId: device.id,
    wrappedMasterKey: device.wrappedMasterKey,
  });
  await vault.refreshAccount();
  return device;
}

/** With a handle: that account's passkeys; without: whichever the authenticator offers. */
export async function passkeySignIn(vault: Vault, handle?: string): Promise<void> {
  const session = await signInWithPasskey(
    vault.api,
    browserWebAuthn(),
    handle ? { handle } : { handleFor: (id) => passkeyHandle(id) },
  );
  rememberPasskeyHandle(session.credentialId, session.identifier);
  await vault.adopt(session);
  await vault.keepPasskeyWrap({
    credentialId: session.credentialId,
    wrappedMasterKey: session.passkeyWrappedMasterKey,
  });
}

/** The account's passkeys (label, created, last used). */
export async function listPasskeys(vault: Vault): Promise<Passkey[]> {
  return (await vault.api.call("passkeys.list", {})).passkeys;
}

export async function removePasskey(vault: Vault, id: string): Promise<void> {
  await vault.api.call("passkeys.remove", { id });
  forgetPasskeyHandle(id);
  await vault.forgetPasskeyWrap(id);
}

export async function declinePasskeyOffer(vault: Vault): Promise<void> {
  await vault.api.call("passkeys.decline", {});
  await vault.refreshAccount();
}
