// Test support (not exported): an in-memory server for both sides of a device link,
// with an "evil" switch. Honest, it hands the new device the seal the signed-in device
// put; with `forgeSeal` set it answers a seal of its own making instead, as a
// compromised server would (issue 21, attack 2). Everything else a claim touches
// (the claim, the account, its KDF parameters and keypair) answers for whichever
// account the bearer token belongs to, the attacker's included, so an accepted
// forgery runs all the way to a signed-in session on the attacker's account.
import { loadSodium, toBase64, wrapKey } from "@notes/crypto";
import type { LinkSeal } from "../../../src/device-links/join-by-link";
import { json } from "../test-fetch";
import { fakeServer, problem, type SeenRequest } from "../test-server";

export const LINK_ID = "0b9f6d2e-58a1-4c57-9e0c-2f1d3a4b5c6d";
export const MINTED_TOKEN = "minted-for-the-new-device";
const OWNER = { id: "00000000-0000-4000-8000-00000000000a", handle: "alice" };
const ATTACKER = { id: "00000000-0000-4000-8000-0000000000ee", handle: "mallory" };

export interface ClaimerAnswer {
  claimerPubKey: string;
  claimerProof: string;
}

export interface DeviceLinkServerOptions {
  /** The account's real keys, so an honest claim can unlock them. */
  masterKey: Uint8Array;
  /** The attacker's own account: requests with its token are answered for it. */
  attacker?: { token: string; masterKey: Uint8Array };
  /** When set, GET …/seal answers this instead of what the owner put. */
  forgeSeal?: (claimer: ClaimerAnswer, honest: LinkSeal | undefined) => Promise<LinkSeal>;
}

const noContent = () => new Response(null, { status: 204 });

export async function deviceLinkServer(options: DeviceLinkServerOptions) {
  const sodium = await loadSodium();
  const keyPair = sodium.crypto_box_seed_keypair(new Uint8Array(32).fill(9));
  const attacker = options.attacker;
  const isAttacker = (request: SeenRequest) =>
    attacker !== undefined && request.headers.Authorization === `Bearer ${attacker.token}`;
  let claimer: ClaimerAnswer | undefined;
  let sealed: LinkSeal | undefined;
  const path = `/v1/device-links/${LINK_ID}`;
  return fakeServer({
    "POST /v1/device-links": () =>
      json({ id: LINK_ID, token: MINTED_TOKEN, expiresAt: new Date(0).toISOString() }, 201),
    [`PUT ${path}/claimer`]: (request) => {
      claimer = request.body as unknown as ClaimerAnswer;
      return noContent();
    },
    [`GET ${path}`]: () => json({ status: sealed ? "sealed" : "offered", ...claimer }),
    [`PUT ${path}/seal`]: (request) => {
      sealed = request.body as unknown as LinkSeal;
      return noContent();
    },
    [`GET ${path}/seal`]: async () => {
      if (!claimer) return problem("not-sealed", 404);
      if (options.forgeSeal) return json(await options.forgeSeal(claimer, sealed));
      return sealed ? json(sealed) : problem("not-sealed", 404);
    },
    [`DELETE ${path}`]: noContent,
    "GET /v1/account": (request) => json(isAttacker(request) ? ATTACKER : OWNER),
    "POST /v1/accounts:lookupAuthParams": () =>
      json({ kdfIterations: 600_000, kdfSalt: "AAAAAAAAAAAAAAAAAAAAAA==" }),
    // Accounts made before signed content publish their signing key on first use.
    "PUT /v1/keypair/signing-key": noContent,
    "GET /v1/keypair": (request) => {
      const masterKey = isAttacker(request) && attacker ? attacker.masterKey : options.masterKey;
      return json({
        publicKey: toBase64(keyPair.publicKey),
        wrappedPrivateKey: wrapKey(sodium, masterKey, keyPair.privateKey),
      });
    },
  });
}
