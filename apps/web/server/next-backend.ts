// The Vercel-style mount: Next route handlers share one lazily started back end
// per server process and forward the Fetch Request to it unchanged.
import { type Env, loadEnv } from "../env";
import { type Backend, startBackend } from "./backend";
import { clientIp, type ProxyTrust } from "./client-ip";

const holder = globalThis as unknown as { notesBackend?: Promise<Backend> };

export async function handleWithBackend(request: Request): Promise<Response> {
  holder.notesBackend ??= startBackend(checkedEnv());
  const backend = await holder.notesBackend;
  const ip = clientIp(request.headers, undefined, backend.env.TRUST_PROXY ?? NO_PROXY);
  return backend.handler(request, { ip });
}

const NO_PROXY: ProxyTrust = { kind: "none" };

/**
 * Route handlers see no socket: without TRUST_PROXY every client is one address
 * ("unknown"), so one attacker's failed sign-ins would lock everybody out. In
 * production the mount refuses to serve until the deployment says who sets the
 * address (README, "Deployment").
 */
function checkedEnv(): Env {
  const env = loadEnv();
  if (env.NODE_ENV === "production" && env.TRUST_PROXY === undefined)
    throw new Error(
      "TRUST_PROXY is not set: under next start the app cannot see client addresses. Set it to the platform's header (Vercel: header:x-real-ip), the number of proxies in front, or false to treat every client as one address.",
    );
  return env;
}
