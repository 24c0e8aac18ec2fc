import { ApiProblem } from "@notes/client";
import { describe, expect, it } from "vitest";
import { NO_PASSKEY_HERE, passkeySignInFailure } from "./passkey-sign-in-failure";

const named = (name: string) => Object.assign(new Error(name), { name });

describe("passkeySignInFailure", () => {
  it("says no passkey was found here, and offers the password, when WebAuthn finds none", () => {
    // A DOMException in the browser; its name is what counts.
    expect(passkeySignInFailure(named("NotAllowedError"))).toEqual({
      message: NO_PASSKEY_HERE,
      offerPassword: true,
    });
    expect(NO_PASSKEY_HERE).toMatch(/^No passkey for this site was found on this device/);
  });

  it("offers the password when the passkey cannot unlock or is refused", () => {
    expect(passkeySignInFailure(named("PasskeyPrfUnsupported"))).toMatchObject({
      offerPassword: true,
      message: expect.stringMatching(/PRF/),
    });
    const refused = new ApiProblem({
      status: 401,
      type: "http://localhost/problems/passkey-refused",
      title: "Passkey refused",
    });
    expect(passkeySignInFailure(refused)).toMatchObject({ offerPassword: true });
  });

  it("keeps its own words for the rest, without the offer", () => {
    expect(passkeySignInFailure(named("PasskeyAccountUnknown"))).toEqual({
      message: expect.stringMatching(/does not know which account/),
      offerPassword: false,
    });
    expect(passkeySignInFailure(new TypeError("fetch failed"))).toEqual({
      message: "Cannot reach the server. Check your connection.",
      offerPassword: false,
    });
  });
});
