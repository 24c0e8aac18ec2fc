// integration: own lane (`pnpm test` runs it beside the others: scripts/test-markers.mjs)
// The overall per-account limit (1,200 authenticated requests a minute) holds
// across sessions and addresses, answering 429 with Retry-After.
import { describe, expect, it } from "vitest";
import { signIn, signUp } from "./support/accounts";
import { Client, expectProblem } from "./support/api";

describe("per-account request limit", () => {
  it("answers 429 after 1,200 requests in a minute, across the account's sessions", async () => {
    // Windows are fixed minutes: start the burst early in one so it cannot straddle two.
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 30_000) await new Promise((r) => setTimeout(r, left + 200));
    const user = await signUp();
    const second = (
      await signIn(new Client(), user.credentials.identifier, user.credentials.authKey)
    ).body.token as string;
    let sent = 0;
    const burst = async (token: string, n: number) => {
      for (let i = 0; i < n; i++) {
        const res = await user.client.call("GET", "/v1/sessions", { token });
        expect(res.status).toBe(200);
        sent++;
      }
    };
    await Promise.all([burst(user.token, 600), burst(second, 600)]);
    expect(sent).toBe(1200);
    const limited = await new Client().call("GET", "/v1/account", { token: second });
    expectProblem(limited, 429, "rate-limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    const other = await signUp();
    expect((await other.client.call("GET", "/v1/account", { token: other.token })).status).toBe(
      200,
    );
  }, 90_000);
});
