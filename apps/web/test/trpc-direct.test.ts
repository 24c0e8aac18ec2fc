// integration: database-independent (runs once, on the embedded database, in CI: see vitest.config.ts)
// The usual /api/trpc calls are answered without tRPC's Fetch adapter (packages/api
// trpc-direct.ts); these are the edges of that path on both mounts, each answer
// checked for its status, its problem type and its headers: a body that declares
// more than the procedure takes, a body that is not JSON, a batch whose calls fail
// differently, a call's own headers; and the requests it leaves to the adapter
// (another method, an unknown procedure) still answered as tRPC answers them.
import { describe, expect, it } from "vitest";
import { signUp } from "./support/accounts";
import { type ApiResponse, Client } from "./support/api";
import { bothMounts } from "./support/fetch-mount";

interface TrpcError {
  message: string;
  data: {
    code: string;
    httpStatus: number;
    problem?: string;
    problemDetails?: { type: string; status: number; detail?: string };
  };
}
type TrpcBody = { error?: TrpcError; result?: { data: unknown } };

const MiB = 1024 * 1024;

/** What every /api/trpc answer carries. */
function expectTrpcHeaders(answer: ApiResponse<unknown>): void {
  expect(answer.headers.get("content-type")).toBe("application/json");
  expect(answer.headers.get("x-request-id")).toMatch(/^[\w.-]{8,128}$/);
  expect(answer.headers.get("cache-control")).toBe("no-store");
  expect(answer.headers.get("access-control-allow-origin")).toBeNull();
}

function expectProblem(error: TrpcError | undefined, status: number, slug: string): void {
  expect(error?.data).toMatchObject({ httpStatus: status, problem: slug });
  expect(error?.data.problemDetails).toMatchObject({ status });
  expect(error?.data.problemDetails?.type).toMatch(new RegExp(`/problems/${slug}$`));
}

describe.each(bothMounts("trpc-direct-fetch-mount.log"))(
  "/api/trpc on the $name mount",
  (mount) => {
    const client = () => new Client(undefined, undefined, mount.url());

    it("refuses a body that declares more than the procedure takes, before reading it", async () => {
      const user = await signUp(undefined, client());
      const answer = await client().call<TrpcBody>("POST", "/api/trpc/account.patch", {
        token: user.token,
        rawBody: JSON.stringify({ handle: "x".repeat(MiB) }),
        headers: { "Content-Type": "application/json", "If-Match": '"0"' },
      });
      expect(answer.status).toBe(413);
      expectTrpcHeaders(answer);
      expectProblem(answer.body.error, 413, "body-too-large");
      expect(answer.body.error?.data.problemDetails?.detail).toBe(
        `This operation accepts at most ${MiB} bytes.`,
      );
    });

    it("answers a body that is not JSON with 400, signed in or not", async () => {
      const user = await signUp(undefined, client());
      for (const token of [undefined, user.token]) {
        const answer = await client().call<TrpcBody>("POST", "/api/trpc/notes.append", {
          ...(token && { token }),
          rawBody: '{"id": ',
          headers: { "Content-Type": "application/json" },
        });
        // Anonymous: the body is read first, as on /v1, so its fault answers before the 401.
        expect(answer.status).toBe(400);
        expectTrpcHeaders(answer);
        expectProblem(answer.body.error, 400, "invalid-request");
      }
    });

    it("answers a batch whose calls fail differently with 207, each call's problem in place", async () => {
      const user = await signUp(undefined, client());
      const input = encodeURIComponent(JSON.stringify({ 0: {}, 1: {}, 2: { id: "not-a-uuid" } }));
      const answer = await client().call<TrpcBody[]>(
        "GET",
        `/api/trpc/account.get,health,notes.get?batch=1&input=${input}`,
        { token: user.token },
      );
      expect(answer.status).toBe(207);
      expectTrpcHeaders(answer);
      // A batch shares one answer: no call's own headers (the account's ETag) on it.
      expect(answer.headers.get("etag")).toBeNull();
      const [account, health, note] = answer.body;
      expect(account?.result?.data).toMatchObject({ id: user.accountId });
      expect(health?.result).toBeDefined();
      expectProblem(note?.error, 400, "invalid-request");
    });

    it("gives a call sent alone its procedure's headers, and a batch of one its calls' too", async () => {
      const user = await signUp(undefined, client());
      const alone = await client().call<TrpcBody>("GET", "/api/trpc/account.get?input=%7B%7D", {
        token: user.token,
      });
      expect(alone.status).toBe(200);
      expectTrpcHeaders(alone);
      expect(alone.headers.get("etag")).toMatch(/^"/);
      const unauthenticated = await client().call<TrpcBody[]>(
        "GET",
        "/api/trpc/account.get?batch=1&input=%7B%220%22%3A%7B%7D%7D",
      );
      expect(unauthenticated.status).toBe(401);
      expectTrpcHeaders(unauthenticated);
      expectProblem(unauthenticated.body[0]?.error, 401, "no-session");
    });

    it("leaves other requests to tRPC's adapter, which answers them as before", async () => {
      const wrongMethod = await client().call<TrpcBody>("GET", "/api/trpc/notes.append");
      expect(wrongMethod.status).toBe(405);
      expect(wrongMethod.headers.get("allow")).toBe("POST");
      expectTrpcHeaders(wrongMethod);
      expectProblem(wrongMethod.body.error, 405, "method-not-allowed");

      const unknown = await client().call<TrpcBody>("POST", "/api/trpc/notes.nothing", {
        body: {},
      });
      expect(unknown.status).toBe(404);
      expectTrpcHeaders(unknown);
      expectProblem(unknown.body.error, 404, "not-found");

      const notJsonType = await client().call<TrpcBody>("POST", "/api/trpc/notes.append", {
        rawBody: "{}",
        headers: { "Content-Type": "text/plain" },
      });
      expect(notJsonType.status).toBe(415);
      expectTrpcHeaders(notJsonType);
      // Refused before any call is made (no context): the slug, without /v1's problem body.
      expect(notJsonType.body.error?.data).toMatchObject({
        httpStatus: 415,
        problem: "body-not-json",
      });
    });
  },
);
