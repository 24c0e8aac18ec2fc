// Linking a device with the keys of a signed-in one (docs: device links): the
// signed-in device opens a link, waits for a claim and seals the master key to it;
// the new device answers the code, waits for the seal and starts its session.
import {
  type ApiClient,
  answerDeviceLink,
  claimDeviceLink,
  type DeviceLinkClaim,
  type DeviceLinkProgress,
  type LinkSeal,
  type OpenedDeviceLink,
  openDeviceLink,
  parseLinkCode,
  readDeviceLink,
  readDeviceLinkSeal,
  type SeenState,
  type Session,
  sealDeviceLink,
} from "@notes/client";

export class DeviceLinks {
  constructor(
    private readonly api: ApiClient,
    private readonly vault: {
      masterKey(): Uint8Array;
      /** What this browser saw of each note: the new device starts from it (issue 33, item 12). */
      seenStates(): readonly SeenState[];
      adopt(session: Session): Promise<void>;
    },
  ) {}

  // ── the signed-in device ──

  open(): Promise<OpenedDeviceLink> {
    return openDeviceLink(this.api);
  }

  /** Whether the link was claimed (and by whom), or sealed and taken. */
  read(link: OpenedDeviceLink): Promise<DeviceLinkProgress> {
    return readDeviceLink(this.api, link);
  }

  /**
   * Seals this session's master key to the claimer the person confirmed, with what this
   * browser saw of each note: the server cannot then serve the new device older notes.
   */
  seal(link: OpenedDeviceLink, claimerPubKey: Uint8Array): Promise<void> {
    const { api, vault } = this;
    return sealDeviceLink(api, link, vault.masterKey(), claimerPubKey, vault.seenStates());
  }

  // ── the new device ──

  /** Answers the code typed or scanned from the signed-in device. */
  answer(code: string): Promise<DeviceLinkClaim> {
    return answerDeviceLink(this.api, parseLinkCode(code));
  }

  /** The sealed keys, once the signed-in device sent them. */
  readSeal(claim: DeviceLinkClaim): Promise<LinkSeal | undefined> {
    return readDeviceLinkSeal(this.api, claim);
  }

  /** Opens the seal and starts the session it carries. */
  async claim(claim: DeviceLinkClaim, seal: LinkSeal): Promise<void> {
    await this.vault.adopt(await claimDeviceLink(this.api, claim, seal));
  }

  /** A join that failed: a token a half-done claim gave the client goes with it. */
  abandon(): void {
    this.api.setToken(undefined);
  }
}
