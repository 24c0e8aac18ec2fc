// The Vercel-style mount: Next route handlers share one lazily started back end
// per server process and forward the Fetch Request to it unchanged.
// The back end alone: the relay (and `ws`) never enters the route handlers' bundle.
import { type Backend, startBackend } from "@notes/server/backend";
import { type Env, loadEnv } from "../env";
import { clientIp, type ProxyTrust } from "./client-ip";
import { probeRequest, registerLinkProbe } from "./link-page-state";
import { missingProxyDecision } from "./proxy-decision";

const holder = globalThis as unknown as { notesBackend?: Promise<{ env: Env; backend: Backend }> };

export async function handleWithBackend(request: Request): Promise<Response> {
  holder.notesBackend ??= started(checkedEnv());
  const { env, backend } = await holder.notesBackend;
  const ip = clientIp(request.headers, undefined, env.TRUST_PROXY ?? NO_PROXY);
  return backend.handler(request, { ip });
}

/**
 * Under `next start`: share-link pages learn their status (link-page-state.ts) from
 * this mount's back end, started by the first request that needs it, whichever it is.
 */
export function registerNextLinkProbe(): void {
  registerLinkProbe(async (id, request) => {
    holder.notesBackend ??= started(checkedEnv());
    const { env, backend } = await holder.notesBackend;
    const ip = clientIp(request.headers, undefined, env.TRUST_PROXY ?? NO_PROXY);
    return backend.handler(probeRequest(id, env.PUBLIC_URL), { ip });
  });
}

async function started(env: Env) {
  return { env, backend: await startBackend(env) };
}

const NO_PROXY: ProxyTrust = { kind: "none" };

/**
 * Without a proxy decision the mount does not serve (proxy-decision.ts). `next
 * start` never gets here (instrumentation.ts stops it first); a platform without
 * a start to refuse answers each request with the error.
 */
function checkedEnv(): Env {
  const env = loadEnv();
  const refusal = missingProxyDecision(env);
  if (refusal) throw new Error(refusal);
  return env;
}
