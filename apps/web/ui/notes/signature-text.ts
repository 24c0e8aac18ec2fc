// What a checked signature means, in words (History's preview, the Bridge): who signed
// it as this browser checked, against the name the server gave, if any. `nameOf`
// answers how this device knows an account ("you", a handle), or undefined.
import type { SignatureCheck } from "@notes/client";

export function signatureText(
  check: SignatureCheck,
  nameOf: (userId: string) => string | undefined,
  serverSays: string | undefined,
): string {
  const claimed = serverSays ? ` The server says @${serverSays}.` : "";
  switch (check.status) {
    case "signed": {
      const name = nameOf(check.signerId) ?? "someone this device knows by key only";
      return check.verified
        ? `Signed by ${name} ✓ verified.`
        : `Signed by ${name} (key not compared yet).`;
    }
    case "unsigned":
      return `Not signed: who wrote this is only the server's word.${claimed}`;
    case "unknown-signer":
      return `Signed, by someone whose key this device has not seen yet.${claimed}`;
    case "invalid":
      return `The signature does not match the signer's key: do not trust who it names.${claimed}`;
  }
}
