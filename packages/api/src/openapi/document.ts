// GET /v1/openapi.json: trpc-to-openapi generates paths and schemas from the
// procedures; this module then states what the REST adapter really answers: the
// declared success status (no body on 204/202), no request body where the
// operation takes none, documented headers (required where always sent), body
// limits, and every problem the operation can give as application/problem+json.
import type { ProblemSlug } from "@notes/core";
import type { AnyRouter } from "@trpc/server";
import {
  forEachOpenApiProcedure,
  generateOpenApiDocument,
  type OpenApiRouter,
} from "trpc-to-openapi";
import { bodyLimitOf } from "../body-limits";
import { problemType } from "../problems/catalogue";
import type { RouteMeta } from "../trpc";
import { problemSchemas } from "./problem-schema";

type Json = Record<string, unknown>;

const header = (description: string, format?: string) => ({
  description,
  schema: { type: "string", ...(format && { format }) },
});

/** A documented header the server sends on every answer it is listed on. */
const always = (name: string): Json => ({ ...HEADERS[name], required: true });

/** Problems whose every answer carries Retry-After (the limit knows when it lifts). */
const RETRY_AFTER_ALWAYS = new Set<ProblemSlug>([
  "rate-limited",
  "feedback-allowance",
  "at-capacity",
]);

const HEADERS: Record<string, Json> = {
  "X-Request-Id": header("Identifies the request in the server log"),
  Location: header("URL of the created resource", "uri"),
  ETag: header("Validator of the returned representation"),
  "WWW-Authenticate": header(
    'Bearer challenge: `Bearer realm="notes"`, with `error="invalid_token"` when a token was presented',
  ),
  "Retry-After": header("Seconds to wait before retrying"),
  Allow: header("Methods the path accepts"),
  Accept: header("The media type the operation takes: application/json"),
};

const REQUEST_HEADERS: Record<string, Json> = {
  "If-Match": {
    name: "If-Match",
    in: "header",
    required: true,
    description: "The ETag last read; a mismatch answers 412, absence 428",
    schema: { type: "string" },
  },
  "Device-Token": {
    name: "Device-Token",
    in: "header",
    required: false,
    description:
      "The `deviceToken` an earlier sign-in of this account answered on this device: the attempt then counts against this device's own limit, not the identifier's shared one. Another account's or a forged token is ignored.",
    schema: { type: "string", maxLength: 200 },
  },
  "If-None-Match": {
    name: "If-None-Match",
    in: "header",
    required: false,
    description: "An ETag; when it still matches the answer is 304 with no body",
    schema: { type: "string" },
  },
};

function problemsOf(meta: RouteMeta, protect: boolean, takesBody: boolean): ProblemSlug[] {
  const slugs = new Set<ProblemSlug>(meta.problems ?? []);
  if (protect) slugs.add("no-session");
  if (takesBody) for (const s of ["body-not-json", "body-too-large"] as const) slugs.add(s);
  for (const s of ["rate-limited", "internal", "at-capacity"] as const) slugs.add(s);
  return [...slugs];
}

function problemResponses(slugs: ProblemSlug[], takesBody: boolean): Json {
  const byStatus = new Map<number, string[]>();
  for (const slug of slugs) {
    const { status } = problemType(slug);
    byStatus.set(status, [...(byStatus.get(status) ?? []), slug]);
  }
  if (takesBody) byStatus.set(415, ["body-not-json"]);
  const out: Json = {};
  for (const [status, group] of [...byStatus].sort(([a], [b]) => a - b)) {
    const headers: Json = { "X-Request-Id": always("X-Request-Id") };
    if (status === 401) headers["WWW-Authenticate"] = always("WWW-Authenticate");
    if (status === 429 || status === 503)
      headers["Retry-After"] = group.every((slug) => RETRY_AFTER_ALWAYS.has(slug as ProblemSlug))
        ? always("Retry-After")
        : HEADERS["Retry-After"];
    if (status === 415 || (status === 400 && group.includes("body-not-json")))
      headers.Accept = HEADERS.Accept;
    out[String(status)] = {
      description: group.map((slug) => `${problemType(slug).title} (\`${slug}\`)`).join("; "),
      headers,
      content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } },
    };
  }
  return out;
}

const TAGS = [
  {
    name: "auth",
    description:
      "Sign-up, sign-in, recovery and sessions. Keys are derived on the client: see the client-side scheme.",
  },
  {
    name: "passkeys",
    description:
      "Enrolling passkeys (WebAuthn, PRF required) and managing the account's enrolled devices. Passkey sign-in is under auth.",
  },
  {
    name: "account",
    description: "The caller's profile, password, e-mail verification and deletion.",
  },
  {
    name: "notes",
    description:
      "Encrypted notes: create, read, append CRDT updates, compact, revisions, delete, and the delta-sync feed.",
  },
  {
    name: "attachments",
    description:
      "Files kept with a note, encrypted on the device: a per-file key wrapped under the note's content key, sealed metadata, and ciphertext chunks uploaded resumably (create, put chunks by index, finish) and downloaded chunk by chunk. Clients that ignore attachments keep working.",
  },
  {
    name: "sharing",
    description:
      "The sharing keypair, resolving people, the roster of a note and live-room tickets.",
  },
  {
    name: "share-links",
    description:
      'Links that let anyone read one note without an account, the key only in the URL\'s fragment: the owner creates, lists, re-seals and revokes them; readers probe and open them without a session (docs/client-crypto.md "Share links").',
  },
  {
    name: "device-links",
    description:
      "Linking a new device: an ephemeral ECDH handshake that moves the master key and a fresh session to it; the server sees public keys and a sealed payload only.",
  },
  {
    name: "billing",
    description:
      "Plans and prices, checkout and the customer portal of the payment provider (Stripe), cancellation at the period's end, and the provider's signed webhooks that keep the tier in sync.",
  },
  {
    name: "bridge",
    description:
      "The bridge (premium): one shared, ordered log of transmissions sealed under a bridge key that members hand each other in per-member wraps, by epoch. The server sees fixed-width ciphertext and fingerprints only.",
  },
  {
    name: "key-transparency",
    description:
      "The append-only, publicly checkable log of account-to-key bindings (docs/key-transparency.md): signed and witness-cosigned heads, proofs of the log of heads, and inclusion proofs that clients verify before pinning or sealing to a key.",
  },
  { name: "feedback", description: "Feedback to the operator, with a yearly allowance." },
  { name: "analytics", description: "Anonymous tour and journey counters." },
  { name: "health", description: "Liveness and readiness." },
];

/** Body members that carry keys or ciphertext made by the client (contract.md §9). */
const KEY_MATERIAL = new Set([
  "authKey",
  "currentAuthKey",
  "newAuthKey",
  "recoveryAuthKey",
  "wrappedMasterKey",
  "newWrappedMasterKey",
  "credential",
  "recoveryWrappedMasterKey",
  "publicKey",
  "wrappedPrivateKey",
  "signingPublicKey",
  "wrappedCek",
  "ownerWrappedCek",
  "members",
  "claimerPubKey",
  "sealerPubKey",
  "sealed",
  "snapshot",
  "updates",
  "metadata",
  "wrappedKey",
  "body",
  "ownerKeys",
  "accessVerifier",
  "access",
  "data",
]);

function bodyMembers(operation: Json): string[] {
  const content = (operation.requestBody as { content?: Record<string, { schema?: Json }> })
    ?.content;
  const schema = content?.["application/json"]?.schema as { properties?: Json } | undefined;
  return Object.keys(schema?.properties ?? {});
}

export function buildOpenApiDocument(router: AnyRouter, publicUrl: string): Json {
  const scheme = `${publicUrl}/docs/client-crypto.md`;
  const procedures = router._def.procedures as OpenApiRouter["_def"]["procedures"];
  const doc = generateOpenApiDocument(router as OpenApiRouter, {
    title: "Encrypted Notes API",
    version: "1.0.0",
    openApiVersion: "3.1.0",
    description: `The /v1 REST surface of the end-to-end-encrypted notes service. The server stores only ciphertext and wrapped keys: how clients derive \`authKey\` and seal keys and notes is the [client-side scheme](${publicUrl}/docs/client-crypto.md), with its known-answer vectors at [${publicUrl}/docs/crypto-vectors.json](${publicUrl}/docs/crypto-vectors.json) and [${publicUrl}/docs/lying-server-vectors.json](${publicUrl}/docs/lying-server-vectors.json), [${publicUrl}/docs/group-state-vectors.json](${publicUrl}/docs/group-state-vectors.json), [${publicUrl}/docs/key-pin-shard-vectors.json](${publicUrl}/docs/key-pin-shard-vectors.json), [${publicUrl}/docs/device-link-vectors.json](${publicUrl}/docs/device-link-vectors.json), [${publicUrl}/docs/share-link-vectors.json](${publicUrl}/docs/share-link-vectors.json) and [${publicUrl}/docs/attachment-vectors.json](${publicUrl}/docs/attachment-vectors.json) (sharing and live rooms: [sharing](${publicUrl}/docs/sharing.md)). Errors are RFC 9457 problem details; every \`type\` resolves to a page under /problems.\n\nCORS: every /v1 operation answers browsers from any origin without credentials (bearer tokens, no cookies); preflights allow \`Authorization\`, \`Content-Type\`, \`Device-Token\`, \`If-Match\`, \`If-None-Match\`, \`X-Request-Id\`, and responses expose \`ETag\`, \`Location\`, \`Retry-After\`, \`X-Request-Id\`.\n\nThe reference web app calls the same procedures over tRPC at /api/trpc (same-origin only, no CORS), with the same limits and meaning: a failed call carries this document's problem body in \`error.data.problemDetails\`, and a call sent alone answers the same headers. That endpoint never answers 304; use /v1.`,
    baseUrl: `${publicUrl}/v1`,
    securitySchemes: {
      bearer: { type: "http", scheme: "bearer", description: "Opaque session token" },
    },
    filter: () => true,
  }) as unknown as Json & { paths: Record<string, Record<string, Json>>; components?: Json };

  forEachOpenApiProcedure<RouteMeta>(procedures, ({ meta }) => {
    const path = meta.openapi.path.replace(/^\/|\/$/g, "");
    const operation = doc.paths[`/${path}`]?.[meta.openapi.method.toLowerCase()];
    if (!operation) return;
    const generated = (operation.responses as Record<string, Json>)["200"] ?? {};
    const status = meta.status ?? 200;
    // Every 201 names what it created (RFC 9110 §15.3.2): checked at boot, not by hope.
    if (status === 201 && !meta.responseHeaderNames?.includes("Location"))
      throw new Error(`${meta.openapi.method} ${meta.openapi.path}: a 201 must set Location`);
    // An operation without body members takes no body (the adapter ignores one), so
    // it declares none: generated clients then send none, and strict proxies let
    // the bodyless call through.
    if (operation.requestBody !== undefined && bodyMembers(operation).length === 0)
      delete operation.requestBody;
    const takesBody = operation.requestBody !== undefined;
    if (takesBody) {
      (operation.requestBody as Json).description =
        `JSON, at most ${bodyLimitOf(meta)} bytes (a larger body answers 413 \`body-too-large\`).`;
    }
    const headers: Json = { "X-Request-Id": always("X-Request-Id") };
    // Procedures list the headers they set on every success (responseHeaderNames).
    for (const name of meta.responseHeaderNames ?? []) headers[name] = always(name);
    const success: Json = { description: generated.description ?? "Success", headers };
    if (status !== 204 && status !== 202) success.content = generated.content;
    const responses: Json = { [String(status)]: success };
    if (meta.requestHeaderNames?.includes("If-None-Match")) {
      responses["304"] = {
        description: "Not modified: the ETag still matches; no body",
        headers: { ETag: always("ETag"), "X-Request-Id": always("X-Request-Id") },
      };
    }
    Object.assign(
      responses,
      problemResponses(problemsOf(meta, meta.openapi.protect !== false, takesBody), takesBody),
    );
    operation.responses = responses;
    const parameters = (operation.parameters as Json[] | undefined) ?? [];
    for (const name of meta.requestHeaderNames ?? [])
      parameters.push(REQUEST_HEADERS[name] as Json);
    if (parameters.length > 0) operation.parameters = parameters;
    if (meta.openapi.protect === false) operation.security = [];
    if (bodyMembers(operation).some((name) => KEY_MATERIAL.has(name))) {
      const note = `Key material and ciphertext in this body are made by the client as the [client-side scheme](${scheme}) says; the server cannot check them.`;
      operation.description = operation.description ? `${operation.description}\n\n${note}` : note;
    }
  });
  // trpc-to-openapi adds error.* schemas for tRPC's own error shape; every error
  // here is a Problem instead, so they are unused.
  const schemas = Object.fromEntries(
    Object.entries((doc.components?.schemas as Json | undefined) ?? {}).filter(
      ([name]) => !name.startsWith("error."),
    ),
  );
  doc.components = { ...doc.components, schemas: { ...schemas, ...problemSchemas } };
  doc.tags = TAGS;
  return doc;
}
