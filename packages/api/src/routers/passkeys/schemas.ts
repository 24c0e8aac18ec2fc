// Request and response shapes of the passkey operations: the WebAuthn JSON
// serialisation (PublicKeyCredential.toJSON(), and the options a browser turns
// into navigator.credentials.create()/get() arguments with
// PublicKeyCredential.parseCreationOptionsFromJSON / parseRequestOptionsFromJSON).
import { z } from "zod";
import { dateTime } from "../../schemas/common";

const BASE64URL = /^[A-Za-z0-9_-]+$/;

const base64url = (max: number, description: string) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(BASE64URL, "Must be url-safe Base64 without padding.")
    .meta({ description: `${description} (url-safe Base64 without padding)` });

/** A credential id: at most 1,023 bytes (WebAuthn), so at most 1,364 characters. */
export const credentialId = base64url(1364, "Credential id");

const clientExtensionResults = z
  .object({
    prf: z
      .object({
        enabled: z.boolean().optional().meta({
          description:
            "Must be true at enrolment: only a PRF-capable passkey can unlock the account",
        }),
        results: z.looseObject({}).optional().meta({
          description:
            "Must be absent. The PRF output wraps the master key and stays on the client; a credential that carries it is refused (400).",
        }),
      })
      .optional(),
  })
  .meta({ description: "Client extension outputs; only `prf` is read" });

const credentialBase = {
  id: credentialId,
  rawId: credentialId,
  type: z.literal("public-key"),
  authenticatorAttachment: z
    .enum(["platform", "cross-platform"])
    .nullish()
    .transform((v) => v ?? undefined),
  clientExtensionResults,
};

const transports = z.array(z.string().min(1).max(32)).max(8);

export const registrationCredential = z
  .object({
    ...credentialBase,
    response: z.object({
      clientDataJSON: base64url(16_384, "clientDataJSON"),
      attestationObject: base64url(262_144, "attestationObject"),
      transports: transports.optional(),
    }),
  })
  .meta({
    id: "RegistrationCredential",
    description: "The result of navigator.credentials.create(), serialised with toJSON()",
  });

export const assertionCredential = z
  .object({
    ...credentialBase,
    response: z.object({
      clientDataJSON: base64url(16_384, "clientDataJSON"),
      authenticatorData: base64url(16_384, "authenticatorData"),
      signature: base64url(16_384, "signature"),
      userHandle: base64url(88, "User handle")
        .nullish()
        .transform((v) => v ?? undefined),
    }),
  })
  .meta({
    id: "AssertionCredential",
    description: "The result of navigator.credentials.get(), serialised with toJSON()",
  });

const descriptor = z.object({
  id: z.string().meta({ description: "Credential id (url-safe Base64)" }),
  type: z.string().meta({ description: '"public-key"' }),
  transports: z.array(z.string()).optional(),
});

const prfInputs = z
  .object({
    prf: z.object({
      eval: z.object({
        first: z.string().meta({
          description:
            'PRF input, url-safe Base64 of SHA-256("notes/passkey-prf/v1"); the same for every credential and ceremony',
        }),
      }),
    }),
  })
  .meta({ description: "The PRF extension is requested on every ceremony" });

const challenge = z.string().meta({
  description:
    "url-safe Base64 of 32 random bytes. Single use, valid 5 minutes, and only for the ceremony that issued it",
});

export const creationOptions = z
  .looseObject({
    rp: z.object({ name: z.string(), id: z.string().optional() }),
    user: z.object({
      id: z.string().meta({ description: "The account id's 16 bytes (url-safe Base64)" }),
      name: z.string(),
      displayName: z.string(),
    }),
    challenge,
    pubKeyCredParams: z
      .array(z.object({ alg: z.number(), type: z.literal("public-key") }))
      .meta({ description: "ES256 (-7) and EdDSA (-8)" }),
    timeout: z.number().optional(),
    excludeCredentials: z.array(descriptor).optional(),
    authenticatorSelection: z
      .object({
        residentKey: z.string().optional(),
        requireResidentKey: z.boolean().optional(),
        userVerification: z.string().optional(),
        authenticatorAttachment: z.string().optional(),
      })
      .optional(),
    attestation: z.string().optional(),
    extensions: prfInputs,
  })
  .meta({
    id: "PublicKeyCredentialCreationOptions",
    description:
      "WebAuthn creation options (JSON): a discoverable, user-verified credential; the account's own credentials are excluded",
  });

export const requestOptions = z
  .looseObject({
    challenge,
    rpId: z.string().optional(),
    timeout: z.number().optional(),
    allowCredentials: z.array(descriptor).optional(),
    userVerification: z.string().optional(),
    extensions: prfInputs,
  })
  .meta({
    id: "PublicKeyCredentialRequestOptions",
    description: "WebAuthn request options (JSON); user verification is required",
  });

export const deviceSchema = z
  .object({
    id: credentialId,
    label: z.string(),
    createdAt: dateTime,
    lastUsedAt: dateTime.nullish().meta({ description: "Absent until the passkey signs in" }),
  })
  .meta({ id: "EnrolledDevice" });
