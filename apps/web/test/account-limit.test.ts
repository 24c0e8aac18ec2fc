// integration: own lane (`pnpm test` runs it beside the others: scripts/test-markers.mjs)
// The overall per-account limit (1,200 authenticated requests a minute) holds
// across sessions and addresses, answering 429 with Retry-After.
import { describe, expect, it } from "vitest";
import { signIn, signUp } from "./support/accounts";
import { Client, expectProblem } from "./support/api";

/** The server's fixed one-minute window that `ms` falls in (same clock: one machine). */
const minuteOf = (ms: number) => Math.floor(ms / 60_000);

/**
 * 1,200 requests over two sessions of a new account, then one more. Answers that one
 * and whether everything fell in one window (a burst that straddles a minute's end is
 * counted in two, and is not a test of the limit).
 */
async function burstPastTheLimit() {
  const user = await signUp();
  const second = (await signIn(new Client(), user.credentials.identifier, user.credentials.authKey))
    .body.token as string;
  const started = Date.now();
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
  return { limited, oneWindow: minuteOf(started) === minuteOf(Date.now()) };
}

describe("per-account request limit", () => {
  it("answers 429 after 1,200 requests in a minute, across the account's sessions", async () => {
    // Windows are fixed minutes. A burst that straddled one's end is made again, at once,
    // by a new account: it then starts a moment into the next window, with most of the
    // minute ahead (waiting for a fresh window up front cost up to 30 s, in about half
    // the runs).
    let run = await burstPastTheLimit();
    if (!run.oneWindow) run = await burstPastTheLimit();
    expect(run.oneWindow, "two bursts in a row straddled a minute's end").toBe(true);
    expectProblem(run.limited, 429, "rate-limited");
    expect(Number(run.limited.headers.get("retry-after"))).toBeGreaterThan(0);
    const other = await signUp();
    expect((await other.client.call("GET", "/v1/account", { token: other.token })).status).toBe(
      200,
    );
  }, 90_000);
});
