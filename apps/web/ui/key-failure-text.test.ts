import {
  ForeignSigningKey,
  KeyPublicationNeedsPassword,
  KeypairWithheld,
  MissingKeyMaterial,
  WeakKdfParameters,
} from "@notes/client";
import { DecryptionFailed, InvalidKdfParameters } from "@notes/crypto";
import { describe, expect, it } from "vitest";
import { keyFailureText } from "./key-failure-text";
import { describeError } from "./problem-text";

const unopenable = new DecryptionFailed("wrapped key");

describe("key failures", () => {
  it("say which keys failed and what to do next, for each flow", () => {
    expect(describeError(unopenable, "password")).toMatch(
      /^Your password was accepted, but the keys to your notes could not be opened.*recovery code\.$/,
    );
    expect(describeError(unopenable, "passkey")).toMatch(
      /passkey was recognised.*Sign in with your password, then remove this passkey/,
    );
    expect(describeError(unopenable, "recovery")).toMatch(/recovery code was accepted/);
    expect(describeError(new DecryptionFailed("the device-link seal"), "device-link")).toMatch(
      /other device sent could not be opened here.*Start a new link/,
    );
    expect(describeError(new MissingKeyMaterial("no keypair"), "password")).toBe(
      describeError(unopenable, "password"),
    );
  });

  it("are never 'Something went wrong', even without a flow", () => {
    for (const error of [
      unopenable,
      new MissingKeyMaterial("x"),
      new WeakKdfParameters(1000),
      new InvalidKdfParameters("x"),
    ])
      expect(describeError(error)).not.toMatch(/Something went wrong/);
    expect(describeError(unopenable)).toMatch(/^A key could not be opened on this device/);
  });

  it("refuse a weak password hash as a warning about the server, in every flow", () => {
    const weak = new WeakKdfParameters(1000);
    expect(describeError(weak, "password")).toMatch(/weaker password protection.*do not sign in/);
    expect(describeError(weak, "recovery")).toBe(describeError(weak, "password"));
  });

  it("leave other errors to their own words", () => {
    expect(keyFailureText(new TypeError("fetch failed"), "password")).toBeUndefined();
    expect(keyFailureText("a string", "password")).toBeUndefined();
  });
});

describe("the server's word on the account's own keys (issue 33, items 9 and 14)", () => {
  it("says keys were withheld, not lost, in every flow, and never shows an empty account as normal", () => {
    for (const evidence of ["notes", "signing-key"] as const)
      for (const flow of ["password", "passkey", "recovery"] as const) {
        const text = describeError(new KeypairWithheld(evidence), flow);
        expect(text).toMatch(/^The server answered that your account has no keys/);
        expect(text).toMatch(/stopped rather than make new keys.*nothing was changed/);
      }
  });

  it("names a signing key the account did not make, and does not send anyone to the recovery code", () => {
    const text = describeError(new ForeignSigningKey(new Uint8Array(32)), "password");
    expect(text).toMatch(/signing key for your account that your keys did not make/);
    expect(text).toMatch(/recovery code cannot change this/);
    expect(text).not.toMatch(/recover the account/);
  });

  it("asks for the password once when a passkey cannot publish the account's first keys", () => {
    expect(describeError(new KeyPublicationNeedsPassword(), "passkey")).toMatch(
      /needs your password\. Sign in with your password once/,
    );
  });
});
