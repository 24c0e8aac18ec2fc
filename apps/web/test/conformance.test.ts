// Conformance details of contract.md §1, §2 and §11 checked across the surface:
// every problem type's title is its interface.md §7 name, every response carries
// X-Request-Id, every 401 challenges with realm "notes", and NUL never reaches
// the database (400 invalid-request pointing at the member).
import { describe, expect, it } from "vitest";
import { signUp } from "./support/accounts";
import { baseUrl, Client, expectProblem, pointersOf } from "./support/api";

/** interface.md §7 error names (capitalised), for the slugs of contract.md §1. */
const TITLES: Record<string, string> = {
  "invalid-request": "Invalid request",
  "body-not-json": "Body not JSON",
  "body-too-large": "Body too large",
  "no-session": "No valid session token",
  "credential-rejected": "Current credential rejected",
  "authentication-failed": "Authentication failed",
  "passkey-refused": "Refused",
  "identifier-taken": "Identifier already taken",
  "note-not-found": "Note not found",
  "note-deleted": "Note deleted",
  "note-exists": "Note id already exists",
  "view-only": "View-only access",
  "owner-required": "Owner required",
  "owner-cannot-leave": "Owner cannot leave",
  "free-storage-full": "Free storage full",
  "storage-full": "Note or account storage full",
  "premium-required": "Premium required",
  "bridge-access-required": "Bridge access required",
  "subscription-active": "Subscription already active",
  "no-subscription": "No subscription",
  "no-billing-profile": "No billing profile",
  "billing-unavailable": "Billing unavailable",
  "no-such-device": "No such device",
  "no-such-handshake": "No such handshake",
  "handshake-state": "Expired or out of order",
  "not-sealed": "Not sealed yet or expired",
  "user-not-found": "User not found",
  "keypair-exists": "Keypair already set",
  "no-keypair": "No keypair",
  "signing-key-exists": "Signing key already set",
  "stale-compaction": "Stale compaction",
  "precondition-failed": "Precondition failed",
  "precondition-required": "Precondition required",
  "rate-limited": "Too many requests",
  "feedback-allowance": "Feedback allowance used",
  internal: "Service failed",
  "at-capacity": "Service at capacity",
  "not-found": "Not found",
  "method-not-allowed": "Method not allowed",
};

describe("problem titles", () => {
  it("names every problem type as interface.md §7 does", async () => {
    for (const [slug, title] of Object.entries(TITLES)) {
      const page = await fetch(`${baseUrl()}/problems/${slug}`);
      expect(page.status, slug).toBe(200);
      expect(await page.text(), slug).toContain(`<h1>${title}</h1>`);
    }
  });

  it("titles unknown-value by the operation: tour or event, journey or step", async () => {
    const client = new Client();
    const tour = await client.call("POST", "/v1/tour-events", {
      body: { tour: "nope", event: "view" },
    });
    expectProblem(tour, 400, "unknown-value");
    expect(tour.body.title).toBe("Unknown tour or event");
    const journey = await client.call("POST", "/v1/journey-events", {
      body: { journey: "onboard", step: "halfway" },
    });
    expectProblem(journey, 400, "unknown-value");
    expect(journey.body.title).toBe("Unknown journey or step");
  });
});

describe("X-Request-Id", () => {
  it("is on every response: API, problem pages, ops, OpenAPI and the UI", async () => {
    for (const path of [
      "/problems",
      "/problems/note-not-found",
      "/problems/nothing-here",
      "/ops/v1/stats",
      "/v1/openapi.json",
      "/v1/health",
      "/signin",
      "/",
    ]) {
      const res = await fetch(`${baseUrl()}${path}`);
      expect(res.headers.get("x-request-id"), path).toMatch(/^[\w.-]{8,128}$/);
    }
  });
});

describe("401 challenges", () => {
  it("use realm notes on the operator routes too", async () => {
    const bare = await fetch(`${baseUrl()}/ops/v1/stats`);
    expect(bare.status).toBe(401);
    expect(bare.headers.get("www-authenticate")).toBe('Bearer realm="notes"');
    const wrong = await fetch(`${baseUrl()}/ops/v1/stats`, {
      headers: { Authorization: "Bearer not-the-operator-token" },
    });
    expect(wrong.headers.get("www-authenticate")).toBe(
      'Bearer realm="notes", error="invalid_token"',
    );
  });
});

describe("NUL characters", () => {
  it("are refused with 400 pointing at the member, never a 500", async () => {
    const client = new Client();
    const nul = "a\u0000b";
    for (const [path, body, pointer] of [
      ["/v1/accounts:lookupAuthParams", { identifier: "\u0000" }, "/identifier"],
      ["/v1/sessions", { identifier: nul, authKey: `${"A".repeat(43)}=` }, "/identifier"],
    ] as const) {
      const res = await client.call("POST", path, { body });
      expectProblem(res, 400, "invalid-request");
      expect(pointersOf(res)).toEqual([pointer]);
    }
    const user = await signUp();
    const resolve = await user.client.call("POST", "/v1/users:resolve", {
      token: user.token,
      body: { handle: nul },
    });
    expectProblem(resolve, 400, "invalid-request");
    expect(pointersOf(resolve)).toEqual(["/handle"]);
    const changes = await user.client.call("GET", "/v1/changes?pageToken=%00", {
      token: user.token,
    });
    expectProblem(changes, 400, "invalid-request");
    expect(pointersOf(changes)).toEqual(["#/query/pageToken"]);
    const profile = await user.client.call("GET", "/v1/account", { token: user.token });
    const patch = await user.client.call("PATCH", "/v1/account", {
      token: user.token,
      headers: { "If-Match": profile.headers.get("etag")! },
      body: { email: `x${"\u0000"}@example.com` },
    });
    expectProblem(patch, 400, "invalid-request");
    expect(pointersOf(patch)).toEqual(["/email"]);
  });
});
