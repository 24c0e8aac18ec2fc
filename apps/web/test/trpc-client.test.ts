// The typed client the web app uses: tRPC over /api/trpc, its types inferred from
// the same routers as /v1. Errors carry the problem slug and the right status,
// and never a stack or an internal message.
import type { AppRouter } from "@notes/api";
import { createTRPCClient, httpLink, TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { newCredentials, signUpBody } from "./support/accounts";
import { baseUrl, randomIp } from "./support/api";

function client(token?: string) {
  const ip = randomIp();
  return createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: `${baseUrl()}/api/trpc`,
        headers: () => ({
          "X-Forwarded-For": ip,
          ...(token && { Authorization: `Bearer ${token}` }),
        }),
      }),
    ],
  });
}

describe("tRPC endpoint", () => {
  it("signs up and reads the account with inferred types", async () => {
    const created = await client().accounts.create.mutate(signUpBody(newCredentials()));
    expect(created.account.tier).toBe("free");
    const me = await client(created.token).account.get.query({});
    expect(me.id).toBe(created.account.id);
  });

  it("reports domain errors with their status and problem slug", async () => {
    const credentials = newCredentials();
    await client().accounts.create.mutate(signUpBody(credentials));
    const error = await client()
      .accounts.create.mutate(
        signUpBody({ ...newCredentials(), identifier: credentials.identifier }),
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCClientError);
    const data = (error as TRPCClientError<AppRouter>).data as {
      httpStatus: number;
      problem?: string;
    };
    expect(data).toMatchObject({ httpStatus: 409, problem: "identifier-taken" });
    const anonymous = await client()
      .account.get.query({})
      .catch((e: unknown) => e);
    expect((anonymous as TRPCClientError<AppRouter>).data).toMatchObject({
      httpStatus: 401,
      problem: "no-session",
    });
    expect(JSON.stringify((anonymous as TRPCClientError<AppRouter>).shape)).not.toMatch(
      /stack|at .*\.ts/,
    );
  });
});
