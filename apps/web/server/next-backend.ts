// The Vercel-style mount: Next route handlers share one lazily started back end
// per server process and forward the Fetch Request to it unchanged.
// The back end alone: the relay (and `ws`) never enters the route handlers' bundle.
import { type Backend, startBackend } from "@notes/server/backend";
import { type Env, loadEnv } from "../env";
import { clientIp, type ProxyTrust } from "./client-ip";

const holder = globalThis as unknown as { notesBackend?: Promise<{ env: Env; backend: Backend }> };

export async function handleWithBackend(request: Request): Promise<Response> {
  holder.notesBackend ??= started(checkedEnv());
  const { env, backend } = await holder.notesBackend;
  const ip = clientIp(request.headers, undefined, env.TRUST_PROXY ?? NO_PROXY);
  return backend.handler(request, { ip });
}

async function started(env: Env) {
  return { env, backend: await startBackend(env) };
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
