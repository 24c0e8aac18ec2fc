// Under `next start` (and on a serverless platform) the route handlers see no
// socket: without TRUST_PROXY every client is one address ("unknown"), so one
// attacker's failed sign-ins would lock everybody out. In production the Next
// mount therefore refuses to start until the deployment says who sets the
// address (README, "Deployment"): once, at start (instrumentation.ts), and, where
// a platform gives no start to refuse, on each request (next-backend.ts).
// The self-hosted server faces its clients itself and marks itself so.
import type { Env } from "../env";

const holder = globalThis as unknown as { notesSelfHosted?: boolean };

/** Called by server.ts before it prepares Next: its Next serves no client addresses. */
export function markSelfHosted(): void {
  holder.notesSelfHosted = true;
}

export const isSelfHosted = (): boolean => holder.notesSelfHosted === true;

export const MISSING_PROXY_DECISION =
  "TRUST_PROXY is not set: under next start the app cannot see client addresses. Set it to the platform's header (Vercel: header:x-real-ip), the number of proxies in front, or false to treat every client as one address.";

/** The refusal, when the Next mount in production has no proxy decision. */
export function missingProxyDecision(env: Env): string | undefined {
  return env.NODE_ENV === "production" && env.TRUST_PROXY === undefined
    ? MISSING_PROXY_DECISION
    : undefined;
}
