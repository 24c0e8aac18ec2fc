// The Vercel-style mount: Next route handlers share one lazily started back end
// per server process and forward the Fetch Request to it unchanged.
import { loadEnv } from "../env";
import { type Backend, startBackend } from "./backend";
import { clientIp } from "./client-ip";

const holder = globalThis as unknown as { notesBackend?: Promise<Backend> };

export async function handleWithBackend(request: Request): Promise<Response> {
  holder.notesBackend ??= startBackend(loadEnv());
  const backend = await holder.notesBackend;
  const ip = clientIp(request.headers, undefined, backend.env.TRUST_PROXY);
  return backend.handler(request, { ip });
}
